/** Time in the app: the display zone, the one formatter (instants, durations, counts), zone math and the <Time> component. */
export * from './zone-math';
export * from './format';
export * from './display-zone';
export * from './local-days';
export { Time } from './Time';
