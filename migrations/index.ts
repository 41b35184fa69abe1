import * as migration_20261122_230518_initial from './20261122_230518_initial';

export const migrations = [
  {
    up: migration_20261122_230518_initial.up,
    down: migration_20261122_230518_initial.down,
    name: '20261122_230518_initial'
  },
];
