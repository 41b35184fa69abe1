import * as migration_20261123_005120_initial from './20261123_005120_initial';

export const migrations = [
  {
    up: migration_20261123_005120_initial.up,
    down: migration_20261123_005120_initial.down,
    name: '20261123_005120_initial'
  },
];
