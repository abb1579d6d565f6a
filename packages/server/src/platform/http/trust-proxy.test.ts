import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Config } from '../../config.ts';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { Shopper } from '../../testing/shopper.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const LESSON = { itemId: 'p-lesson', sku: 'LESSON', quantity: 1 };

/** A different made-up address each call: what a client writes as the left-most X-Forwarded-For entry. */
let spoofed = 0;
const spoof = () => `198.18.${Math.floor(spoofed / 250) % 250}.${(spoofed++ % 250) + 1}`;

describe('TRUST_PROXY', () => {
  it('is a hop count, a list of proxy addresses and ranges, or off', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual({
      addresses: ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback'],
    });
    for (const off of [undefined, '', 'false', '0'])
      expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(undefined);
  });

  it('refuses true at start: it would trust whatever a client writes', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: .*give the number of proxies in front \(e\.g\. 1\) or their addresses/,
    );
  });

  it('refuses what is not an address or a range, naming it', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.internal' })).toThrow(
      /TRUST_PROXY: "proxy.internal"/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/"10.0.0.0\/33" has a prefix length/);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(ConfigError);
  });

  it('a hop count takes the client address that many entries in from the right', async () => {
    const app = Fastify({ trustProxy: fastifyTrustProxy({ hops: 2 }) });
    app.get('/ip', async (request) => request.ip);
    const ip = async (xff: string) =>
      (await app.inject({ method: 'GET', url: '/ip', headers: { 'x-forwarded-for': xff } })).body;
    // The client wrote the first entry; the outer proxy added the client's address, the inner one the outer's.
    expect(await ip('6.6.6.6, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7');
    expect(await ip('7.7.7.7, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7');
    await app.close();
  });
});

for (const database of DATABASES) {
  describe(`[${database.name}] per-client limits behind proxies`, () => {
    let t: TestApp | undefined;
    afterEach(async () => {
      await t?.close();
      t = undefined;
    });
    const start = async (trustProxy: Config['trustProxy'], max: number) =>
      (t = await startApp(database, { trustProxy, cartWriteLimit: { max, windowMs: 60_000 } }));

    /** One cart write arriving from the proxy, X-Forwarded-For as the proxy passes it on. */
    const write = (shopper: Shopper, xff: string) =>
      shopper.request('POST', ENTRIES, LESSON, { 'x-forwarded-for': xff });

    it(`[${database.name}] TRUST_PROXY=1: rotating the left-most X-Forwarded-For entry does not escape the cart write limit`, async () => {
      const app = await start({ hops: 1 }, 60);
      const client = new Shopper(app);
      await client.start();
      const statuses: number[] = [];
      // The proxy appends the address it sees (203.0.113.7); the client makes up the rest.
      for (let i = 0; i < 120; i++)
        statuses.push((await write(client, `${spoof()}, 203.0.113.7`)).statusCode);
      expect(statuses.slice(0, 60)).toEqual(Array(60).fill(200));
      expect(statuses.slice(60)).toEqual(Array(60).fill(429));

      // Another visitor behind the same proxy has a budget of its own.
      const other = new Shopper(app);
      await other.start();
      expect((await write(other, `${spoof()}, 198.51.100.9`)).statusCode).toBe(200);
      expect((await write(other, '198.51.100.9')).statusCode).toBe(200);
    });

    it(`[${database.name}] TRUST_PROXY unset: X-Forwarded-For is ignored`, async () => {
      const app = await start(undefined, 5);
      const client = new Shopper(app);
      await client.start();
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await write(client, `${spoof()}, ${spoof()}`)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    });

    it(`[${database.name}] over real HTTP, a list of proxy addresses: only a listed peer's X-Forwarded-For counts`, async () => {
      /** Cart writes over a real connection from 127.0.0.1, as a browser behind a proxy there would. */
      const overHttp = async (app: TestApp) => {
        const origin = await app.app.listen({ port: 0, host: '127.0.0.1' });
        const first = await fetch(`${origin}/api/commerce/shopping-cart`);
        const crumb = /crumb=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] as string;
        return async (xff: string) =>
          (
            await fetch(`${origin}${ENTRIES}`, {
              method: 'POST',
              headers: {
                cookie: `crumb=${crumb}`,
                'x-csrf-token': decodeURIComponent(crumb),
                'content-type': 'application/json',
                'x-forwarded-for': xff,
              },
              body: JSON.stringify(LESSON),
            })
          ).status;
      };

      // The peer (127.0.0.1) is the listed proxy: the client is its right-most entry.
      const behindProxy = await overHttp(await start({ addresses: ['10.0.0.0/8', '127.0.0.1'] }, 5));
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push(await behindProxy(`${spoof()}, 203.0.113.7`));
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      expect(await behindProxy(`${spoof()}, 198.51.100.9`)).toBe(200);
      await t?.close();

      // The peer is not a listed proxy: whatever it writes in X-Forwarded-For is ignored.
      const direct = await overHttp(await start({ addresses: ['10.0.0.0/8'] }, 5));
      const direct8: number[] = [];
      for (let i = 0; i < 8; i++) direct8.push(await direct(spoof()));
      expect(direct8).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    });
  });
}
