import type { Clock } from '../shared/clock';

/** A clock that stands still until told to move. */
export class FixedClock implements Clock {
  private current: Date;

  constructor(start: Date | string = '2026-06-01T12:00:00Z') {
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(at: Date | string): void {
    this.current = new Date(at);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
