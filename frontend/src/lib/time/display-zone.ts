import { useSyncExternalStore } from 'react';
import { useAuth } from '../auth';
import { formatInstant, knownZone, type InstantStyle } from './format';

/** The header's UTC switch lasts for the tab (sessionStorage), over the account's display zone (as Vercel's). */
const UTC_KEY = 'tzapi.display-zone.utc';
const listeners = new Set<() => void>();

function readUtc(): boolean {
  try {
    return sessionStorage.getItem(UTC_KEY) === '1';
  } catch {
    return false;
  }
}

/** Turns the tab's UTC override on or off; every useDisplayZone re-renders. */
export function setUtcOverride(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(UTC_KEY, '1');
    else sessionStorage.removeItem(UTC_KEY);
  } catch {
    // Storage refused (private mode): the switch holds until the page reloads.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The browser's IANA zone. */
export function browserZone(): string {
  return knownZone(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

export interface DisplayZone {
  /** The zone every time is written and every day cut in. */
  zone: string;
  /** The tab shows UTC (the header's switch). */
  utc: boolean;
  /** The account's chosen zone (Profile), null: the browser's. */
  saved: string | null;
  browser: string;
  setUtc(on: boolean): void;
}

/** The display zone: UTC while the header's switch is on, else the account's zone, else the browser's. */
export function useDisplayZone(): DisplayZone {
  const { user } = useAuth();
  const utc = useSyncExternalStore(subscribe, readUtc, () => false);
  const browser = browserZone();
  const saved = user?.displayZone ?? null;
  return { zone: utc ? 'UTC' : knownZone(saved ?? browser), utc, saved, browser, setUtc: setUtcOverride };
}

/** formatInstant bound to the display zone: how a list or a text writes its instants ('Nov 29, 2026, 3:05 PM GMT+5:30'). */
export function useFormatInstant(style: InstantStyle = 'minute'): (value: string | number | Date | null | undefined) => string {
  const { zone } = useDisplayZone();
  return (value) => formatInstant(value, zone, style);
}
