import * as migration_20261122_234446_initial from './20261122_234446_initial';

export const migrations = [
  {
    up: migration_20261122_234446_initial.up,
    down: migration_20261122_234446_initial.down,
    name: '20261122_234446_initial'
  },
];
