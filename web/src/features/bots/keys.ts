// The bot lists' query keys, in a module of their own: the app's first download uses them to ask
// for the list early (prefetch.ts) without taking the bots feature's code along.

export const botsKey = ["bots"] as const;
export const botListKey = (all: boolean) => [...botsKey, all ? "all" : "mine"] as const;
