// storage.session keys under which the background puts a connection's caches aside when another one becomes
// active (entrypoints/background/connection-stash.ts). One written means a switch: open options pages start
// again. Its own module: the popup, which imports the protocol's constants, must not share a chunk for it.
export const CONNECTION_STASH_PREFIX = 'connectionStash:';
