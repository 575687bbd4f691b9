import type { Bus } from "../bus/bus.ts";

/**
 * Who takes which events: per component (a service, or "gateway"), the subjects its consumers
 * filter on and its durable consumers' names, as the running code asks the bus for them. What
 * each component publishes needs no record: its events are `dirabot.<component>.…` (publishedBy, @dirabot/proto/events).
 * The NATS users' permissions are made from this (nats-users.ts), so they cannot drift from it.
 */
export interface CatalogueEntry {
  /** Subject filters of what it publishes: a service its own `dirabot.<service>.>`, the gateway nothing. */
  publishes: string[];
  subscribes: string[];
  /** Its durable consumers' names (none for a follower: the gateway names its own at run time). */
  durables: string[];
  /** Ordered, ephemeral followers (bus.follow): consumers named at run time. */
  follows: boolean;
}
export type EventCatalogue = Record<string, CatalogueEntry>;

/** A view of `bus` that writes what `component` subscribes to into `catalogue`. */
export function recordingBus(bus: Bus, component: string, catalogue: EventCatalogue): Bus {
  catalogue[component] ??= { publishes: [], subscribes: [], durables: [], follows: false };
  const entry = catalogue[component];
  const note = (subjects: string[]) => {
    for (const s of subjects) if (!entry.subscribes.includes(s)) entry.subscribes.push(s);
  };
  return {
    kind: bus.kind,
    publish: (subject, data, id) => bus.publish(subject, data, id),
    subscribe: (options) => {
      note(options.subjects);
      if (!entry.durables.includes(options.durable)) entry.durables.push(options.durable);
      return bus.subscribe(options);
    },
    follow: (options) => {
      note(options.subjects);
      entry.follows = true;
      return bus.follow(options);
    },
    close: () => bus.close(),
  };
}

/** The catalogue in a stable order (sorted names and lists), as it is written to its file. */
export function sortedCatalogue(catalogue: EventCatalogue): EventCatalogue {
  const out: EventCatalogue = {};
  for (const name of Object.keys(catalogue).sort()) {
    const e = catalogue[name] as CatalogueEntry;
    out[name] = {
      publishes: [...e.publishes].sort(),
      subscribes: [...e.subscribes].sort(),
      durables: e.follows ? [] : [...e.durables].sort(),
      follows: e.follows,
    };
  }
  return out;
}
