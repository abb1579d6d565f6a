import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';

for (const database of DATABASES) {
  describe(`[${database.name}] telemetry in the app`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(database);
    });
    afterAll(async () => {
      await t?.close();
    });

    it(`[${database.name}] the ingest calls are mounted and store into the app's database`, async () => {
      const settings = await t.app.inject({ method: 'GET', url: '/api/1/performance/settings' });
      expect(settings.statusCode).toBe(200);
      expect(settings.json().rollout).toMatchObject({ rum: true, apps: { storefront: true } });
      const hit = await t.app.inject({
        method: 'POST',
        url: '/api/census/RecordHit',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          event: 'page-view',
          data: { pagePath: '/', pageType: 2 },
          ss_cvr: 'v|1|1|1|1',
        }),
      });
      expect(hit.statusCode).toBe(202);
      const rows = await t.app.database.db
        .selectFrom('telemetry_hits')
        .select(['path', 'visitor_id'])
        .execute();
      expect(rows).toEqual([{ path: '/', visitor_id: 'v' }]);
    });

    it(`[${database.name}] /config/analytics is the owner page, not a site page`, async () => {
      const res = await t.app.inject({ method: 'GET', url: '/config/analytics' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/config/login?next=%2Fconfig%2Fanalytics');
      expect(res.headers['x-page-type']).toBeUndefined();
    });
  });
}
