import * as migration_20261123_014547_initial from './20261123_014547_initial';

export const migrations = [
  {
    up: migration_20261123_014547_initial.up,
    down: migration_20261123_014547_initial.down,
    name: '20261123_014547_initial'
  },
];
