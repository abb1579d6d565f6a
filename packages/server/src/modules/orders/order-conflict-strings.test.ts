import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeCheckoutSite } from './testing.ts';
import { appForSuite, DATABASES } from '../../testing/app.ts';
import { placeOrder, signInNewStaff } from '../../testing/back-office.ts';

const API = '/api/config/orders';

/** The fixture shop, its order-conflict texts translated through the site's localizedStrings. */
function frenchShop() {
  const site = makeCheckoutSite({ stock: { 'v-tee-s': 20 } });
  const websiteFile = join(site.dir, 'content/website.json');
  const website = JSON.parse(readFileSync(websiteFile, 'utf8')) as { localizedStrings?: object };
  website.localizedStrings = {
    ...website.localizedStrings,
    'order.conflict-already-paid': 'La commande n°{number} est déjà payée.',
    'order.conflict-not-awaiting-payment': 'La commande n°{number} est {status}.',
    'order.conflict-already-cancelled': 'La commande n°{number} est déjà annulée.',
    'order.conflict-cancelled': 'La commande n°{number} est annulée.',
  };
  writeFileSync(websiteFile, JSON.stringify(website));
  return site;
}

for (const database of DATABASES) {
  describe(`[${database.name}] back office: the order-conflict refusals speak the site's language`, () => {
    const site = frenchShop();
    afterAll(() => site.cleanup());
    const t = appForSuite(database, { siteDir: site.dir });
    const tee = [{ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 }];

    it('paying an order twice is refused in the words the site gave; an untranslated refusal stays English', async () => {
      const manager = await signInNewStaff(t, 'manager-paid@example.test', [8]);
      const order = await placeOrder(t, tee, 'twice@example.test');
      const url = `${API}/${order.orderNumber}/mark-paid`;
      expect((await manager.request('POST', url, {})).statusCode).toBe(200);
      const again = await manager.request('POST', url, {});
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        code: 'order-conflict',
        message: `La commande n°${order.orderNumber} est déjà payée.`,
      });

      // A text the site did not translate stays in English.
      expect((await manager.request('POST', `${API}/${order.orderNumber}/fulfil`, {})).statusCode).toBe(200);
      const cancel = await manager.request('POST', `${API}/${order.orderNumber}/cancel`, {});
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json()).toEqual({
        code: 'order-conflict',
        message: `Order #${order.orderNumber} has shipped lines: it cannot be cancelled.`,
      });
    });

    it('acting on a cancelled order is refused in the words the site gave', async () => {
      const manager = await signInNewStaff(t, 'manager-cancel@example.test', [8]);
      const order = await placeOrder(t, tee, 'cancelled@example.test');
      const url = `${API}/${order.orderNumber}`;
      expect((await manager.request('POST', `${url}/cancel`, {})).statusCode).toBe(200);

      const cancelAgain = await manager.request('POST', `${url}/cancel`, {});
      expect(cancelAgain.statusCode).toBe(409);
      expect(cancelAgain.json().message).toBe(`La commande n°${order.orderNumber} est déjà annulée.`);
      const pay = await manager.request('POST', `${url}/mark-paid`, {});
      expect(pay.statusCode).toBe(409);
      expect(pay.json().message).toBe(`La commande n°${order.orderNumber} est cancelled.`);
      const ship = await manager.request('POST', `${url}/fulfil`, {});
      expect(ship.statusCode).toBe(409);
      expect(ship.json().message).toBe(`La commande n°${order.orderNumber} est annulée.`);
    });
  });
}
