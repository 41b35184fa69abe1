import * as migration_20261123_002009_initial from './20261123_002009_initial';

export const migrations = [
  {
    up: migration_20261123_002009_initial.up,
    down: migration_20261123_002009_initial.down,
    name: '20261123_002009_initial'
  },
];
