/**
 * Fakes Date alone (from `now` when given; jest.useRealTimers ends it): timers, microtasks and I/O stay real, so the
 * database, Redis, BullMQ and HTTP run as usual while a test moves the calendar.
 */
export function fakeDateOnly(now?: number): void {
  jest.useFakeTimers({
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
    ...(now === undefined ? {} : { now }),
  });
}
