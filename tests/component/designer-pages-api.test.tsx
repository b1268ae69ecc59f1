// The designer's calls that their callers answer themselves (issue 16 polish): publish, restore and
// delete refused with 409 showed the global alert and the caller's own text (the publish dialog's
// conflict text, the page list's question about the menu). A 409 is now the caller's alone; any
// other failure still gets the alert.
import type { AxiosAdapter } from 'axios';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client';
import { apiClient } from '../../src/api/transport';
import { setCatalogueUi, type AlertRequest } from '../../src/api/error-catalogue';
import { deletePage, publishPage, restoreVersion } from '../../src/features/admin/api/pages';

const previous = apiClient.defaults.adapter;
const alerts: AlertRequest[] = [];

/** The server answering every call with this envelope (HTTP 200, as the API does for business failures). */
const answering = (envelope: object): AxiosAdapter => async (config) => ({ data: envelope, status: 200, statusText: 'OK', headers: {}, config, request: {} });
const refused = (code: number, message: string) => answering({ success: false, code, flag: -1, message, data: null });

beforeEach(() => {
  alerts.length = 0;
  setCatalogueUi({ alert: (request) => { alerts.push(request); request.afterClose(); }, navigate: () => undefined, goBack: () => undefined, currentPath: () => '/sub_admin/designer' });
});
afterEach(() => {
  apiClient.defaults.adapter = previous;
});
afterAll(() => setCatalogueUi(null));

const calls = {
  publishPage: () => publishPage({ pageId: 7, revision: 3 }),
  restoreVersion: () => restoreVersion({ pageId: 7, version: 1, revision: 3 }),
  deletePage: () => deletePage({ pageId: 7 }),
};

describe('designer calls and the global alert', () => {
  for (const [name, call] of Object.entries(calls)) {
    it(`${name} refused with 409 shows no global alert (the caller shows it; it was shown twice)`, async () => {
      apiClient.defaults.adapter = refused(409, '另一位管理员已保存了此页面的新版本，请重新加载后再修改');
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe('另一位管理员已保存了此页面的新版本，请重新加载后再修改');
      expect(alerts).toEqual([]);
    });

    it(`${name} refused otherwise still shows the global alert once, with the server's message`, async () => {
      apiClient.defaults.adapter = refused(400, '此页面没有草稿可发布');
      await expect(call()).rejects.toBeInstanceOf(ApiError);
      expect(alerts.map((a) => a.message)).toEqual(['此页面没有草稿可发布']);
    });
  }
});
