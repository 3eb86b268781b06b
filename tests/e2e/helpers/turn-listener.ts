import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';

/**
 * A stand-in TURN server on a loopback address other than the fixtures' 127.0.0.1: it logs every
 * TCP connection and UDP datagram that reaches it (a page's RTCPeerConnection allocating a relay),
 * and answers nothing.
 */
export async function startTurnListener(host = '127.0.0.2') {
  const contacts: { via: 'tcp' | 'udp'; at: number }[] = [];
  const tcp = createServer((s) => {
    contacts.push({ via: 'tcp', at: Date.now() });
    s.on('error', () => undefined);
    s.destroy();
  });
  await new Promise<void>((r) => tcp.listen(0, host, r));
  const port = (tcp.address() as { port: number }).port;
  const udp = createSocket('udp4');
  udp.on('message', () => contacts.push({ via: 'udp', at: Date.now() }));
  await new Promise<void>((r) => udp.bind(port, host, r));
  return {
    host,
    port,
    contacts,
    /** The page script an attacker would write: relay-only, so it must talk to the TURN server. */
    pageScript: (report: string) => `
const pc = new RTCPeerConnection({ iceTransportPolicy: 'relay', iceServers: [{
  urls: ['turn:${host}:${port}?transport=udp', 'turn:${host}:${port}?transport=tcp'],
  username: 'u', credential: 'p' }] });
pc.createDataChannel('x');
pc.createOffer().then((o) => pc.setLocalDescription(o));
fetch(${JSON.stringify(report)});`,
    close: async () => {
      udp.close();
      await new Promise<void>((r) => tcp.close(() => r()));
    },
  };
}
