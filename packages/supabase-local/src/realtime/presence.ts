// Presence as Phoenix.Presence keeps it: per topic, each key holds the metas of the channels that track under it
// (`{ <key>: { metas: [{ phx_ref, ...payload }] } }`); every change is sent as a diff of joins and leaves.
import { randomBytes } from 'node:crypto';

/** One tracked presence: the payload plus Phoenix's reference (and the one it replaces, after an update). */
export type Meta = { phx_ref: string; phx_ref_prev?: string } & Record<string, unknown>;

/** Presences grouped by key, as in `presence_state` and in each half of a `presence_diff`. */
export type PresenceMap = Record<string, { metas: Meta[] }>;

/** A `presence_diff` payload. */
export interface PresenceDiff {
  joins: PresenceMap;
  leaves: PresenceMap;
}

const newRef = () => randomBytes(8).toString('base64');

/** The presences of every topic; a tracker is whatever object tracks (a channel). */
export class PresenceRegistry<Tracker> {
  readonly #topics = new Map<string, Map<Tracker, { key: string; meta: Meta }>>();

  /** The state of a topic, for `presence_state`. */
  state(topic: string): PresenceMap {
    const state: PresenceMap = {};
    for (const { key, meta } of this.#topics.get(topic)?.values() ?? []) {
      const entry = state[key] ?? { metas: [] };
      entry.metas.push(meta);
      state[key] = entry;
    }
    return state;
  }

  /** Tracks (or updates) a tracker's payload; undefined when nothing changed. */
  track(topic: string, tracker: Tracker, key: string, payload: Record<string, unknown>): PresenceDiff | undefined {
    const entries = this.#topics.get(topic) ?? new Map<Tracker, { key: string; meta: Meta }>();
    this.#topics.set(topic, entries);
    const before = entries.get(tracker);
    if (before && JSON.stringify(withoutRefs(before.meta)) === JSON.stringify(payload)) return undefined;
    const meta: Meta = { ...payload, phx_ref: newRef() };
    if (before) meta.phx_ref_prev = before.meta.phx_ref;
    entries.set(tracker, { key, meta });
    return {
      joins: { [key]: { metas: [meta] } },
      leaves: before ? { [before.key]: { metas: [before.meta] } } : {},
    };
  }

  /** Stops tracking; undefined when the tracker was not tracked. */
  untrack(topic: string, tracker: Tracker): PresenceDiff | undefined {
    const entries = this.#topics.get(topic);
    const before = entries?.get(tracker);
    if (!entries || !before) return undefined;
    entries.delete(tracker);
    if (entries.size === 0) this.#topics.delete(topic);
    return { joins: {}, leaves: { [before.key]: { metas: [before.meta] } } };
  }
}

function withoutRefs(meta: Meta): Record<string, unknown> {
  const { phx_ref: _ref, phx_ref_prev: _prev, ...payload } = meta;
  return payload;
}
