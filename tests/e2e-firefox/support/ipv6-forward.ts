import { createConnection, createServer, type Socket } from 'node:net';

/**
 * Forwards http://[::1]:PORT to a server on 127.0.0.1. The Firefox test build declares 127.0.0.1 and
 * localhost up front; [::1] it must ask for at run time, as a real server's origin is asked for.
 */
export async function forwardFromIpv6(targetPort: number): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((incoming) => {
    const outgoing = createConnection(targetPort, '127.0.0.1');
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    incoming.pipe(outgoing).pipe(incoming);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '::1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://[::1]:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
