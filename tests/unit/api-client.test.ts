// spec shell §7 "Calls" / "Response handling" and §8 catalogue routing, through the real axios
// client with its transport replaced by a fake adapter (no network).
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiList, apiPost } from '../../src/api/client';
import { apiClient } from '../../src/api/transport';
import { setCatalogueUi, type AlertRequest, type CatalogueUi } from '../../src/api/error-catalogue';
import { getUserData, setRegisterInfo, setTenantId, setUserData } from '../../src/lib/storage';

const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'success', data });
const fail = (message: string, extra: Record<string, unknown> = {}) => ({ success: false, code: 400, flag: -1, message, data: null, ...extra });

let requests: InternalAxiosRequestConfig[] = [];

/** Replaces the transport: every call answers `status` with `body`, as axios's own adapters would. */
function respond(status: number, body: unknown): void {
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const response = { data: body, status, statusText: String(status), headers: {}, config };
    if (config.validateStatus ? config.validateStatus(status) : status >= 200 && status < 300) return response;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, null, response);
  };
  apiClient.defaults.adapter = adapter;
}

const sentBody = (index = 0): Record<string, unknown> => JSON.parse(String(requests[index]?.data)) as Record<string, unknown>;

let alerts: AlertRequest[];
let ui: { [K in keyof CatalogueUi]: ReturnType<typeof vi.fn> } & CatalogueUi;
let currentPath = '/course?a=1';

beforeEach(() => {
  requests = [];
  alerts = [];
  currentPath = '/course?a=1';
  ui = {
    alert: vi.fn((request: AlertRequest) => alerts.push(request)),
    navigate: vi.fn(),
    goBack: vi.fn(),
    currentPath: vi.fn(() => currentPath),
  } as typeof ui;
  setCatalogueUi(ui);
  setTenantId(1001);
});

afterEach(() => {
  setCatalogueUi(null);
  setTenantId(null);
  document.cookie = 'pctoken=; max-age=0; path=/';
});

describe('tenantId injection', () => {
  it('adds the tenant id to the query of a GET', async () => {
    respond(200, ok({}));
    await apiGet('/cfg/api/config/getGroupConfig', { paramGroup: 'PcFoot' });
    expect(requests[0]?.params).toEqual({ paramGroup: 'PcFoot', tenantId: 1001 });
  });

  it('adds the tenant id to the JSON body of a POST, not to its query', async () => {
    respond(200, ok({}));
    await apiPost('/um/api/user/modProfile', { nickName: 'Ann' });
    expect(sentBody()).toEqual({ nickName: 'Ann', tenantId: 1001 });
    expect(requests[0]?.params ?? {}).not.toHaveProperty('tenantId');
  });

  it('keeps a tenant id the call already carries', async () => {
    respond(200, ok({}));
    await apiGet('/um/api/tenant/get', { tenantId: 7 });
    await apiPost('/um/api/tenant/register', { tenantId: 8 });
    expect(requests[0]?.params).toEqual({ tenantId: 7 });
    expect(sentBody(1)).toEqual({ tenantId: 8 });
  });

  it('sends no tenant id at all with noTenantId', async () => {
    respond(200, ok({}));
    await apiGet('/um/api/tenant/getByCode', { code: 'acme', tenantId: 5 }, { noTenantId: true });
    await apiPost('/sm/sys/userTenantLogin', { account: 'a' }, { noTenantId: true });
    expect(requests[0]?.params).toEqual({ code: 'acme' });
    expect(sentBody(1)).toEqual({ account: 'a' });
  });

  it('adds nothing before a tenant is known', async () => {
    setTenantId(null);
    respond(200, ok({}));
    await apiGet('/um/api/tenant/getByCode', { code: 'acme' });
    expect(requests[0]?.params).toEqual({ code: 'acme' });
  });
});

describe('token header', () => {
  it('sends the token from the current tenant\'s register info as the "token" header', async () => {
    setRegisterInfo(1001, { id: 5, token: 'tok-1001' });
    setRegisterInfo(1002, { id: 6, token: 'tok-1002' });
    respond(200, ok({}));
    await apiGet('/um/api/user/info');
    expect(requests[0]?.headers.get('token')).toBe('tok-1001');
    expect(requests[0]?.withCredentials).toBe(true);
  });

  it('sends no token header when nobody is signed in', async () => {
    respond(200, ok({}));
    await apiGet('/um/api/user/info');
    expect(requests[0]?.headers.has('token')).toBe(false);
  });
});

describe('response handling', () => {
  it('resolves to data when success is true, whatever the code', async () => {
    respond(200, { success: true, code: 0, flag: 0, message: '', data: { n: 1 } });
    await expect(apiGet('/x')).resolves.toEqual({ n: 1 });
  });

  it('resolves to data when code is 200 even if success is false', async () => {
    respond(200, { success: false, code: 200, flag: 0, message: '', data: [1, 2] });
    await expect(apiGet('/x')).resolves.toEqual([1, 2]);
    expect(alerts).toHaveLength(0);
  });

  it('rejects a business failure with an ApiError carrying message, code, flag and errorCode', async () => {
    respond(200, fail('No tenant has the code "nosuch".', { code: 404, errorCode: 'TENANT_NOT_FOUND' }));
    const error = await apiGet('/um/api/tenant/getByCode', { code: 'nosuch' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'No tenant has the code "nosuch".', code: 404, flag: -1, errorCode: 'TENANT_NOT_FOUND', status: 200 });
  });

  it('stores a token found in the response data in the pctoken cookie for 15 days', async () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    respond(200, ok({ token: 'abc123', userId: 9 }));
    await apiPost('/um/api/user/loginByAccount', { account: 'a', password: 'b' });
    expect(document.cookie).toContain('pctoken=abc123');
    const written = cookieSetter.mock.calls.map(([value]) => value).find((value) => value.startsWith('pctoken='));
    expect(written).toContain(`max-age=${15 * 24 * 60 * 60}`);
    cookieSetter.mockRestore();
  });

  it('writes no cookie when the data has no token', async () => {
    respond(200, ok({ userId: 9 }));
    await apiGet('/um/api/user/info');
    expect(document.cookie).not.toContain('pctoken=');
  });
});

describe('error catalogue routing', () => {
  it('flag 401 clears the user and goes to sign-in with the current path as return', async () => {
    setUserData(1001, { userId: 1 });
    setRegisterInfo(1001, { token: 't' });
    respond(200, { success: false, code: 401, flag: 401, message: 'Please sign in.', data: null, errorCode: 'NOT_SIGNED_IN' });
    await expect(apiGet('/um/api/user/info')).rejects.toMatchObject({ flag: 401 });
    expect(ui.navigate).toHaveBeenCalledWith('/login?returnUrl=%2Fcourse%3Fa%3D1');
    expect(getUserData(1001)).toBeNull();
    expect(alerts).toHaveLength(0);
  });

  it('flag 401 on the sign-in page does not redirect again', async () => {
    currentPath = '/login?returnUrl=%2Fhome';
    respond(200, { success: false, code: 401, flag: 401, message: 'Please sign in.', data: null });
    await expect(apiGet('/um/api/user/info')).rejects.toBeInstanceOf(ApiError);
    expect(ui.navigate).not.toHaveBeenCalled();
  });

  it('a plain failure alerts 提示 with the server message and a closable OK', async () => {
    respond(200, fail('手机号格式不正确'));
    await expect(apiPost('/um/api/user/bindMobile', {})).rejects.toBeInstanceOf(ApiError);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: '提示', message: '手机号格式不正确', closable: true, okText: '确定' });
    alerts[0]?.onOk?.();
    expect(ui.goBack).not.toHaveBeenCalled();
  });

  it.each(['该课程已下架', '您没有权限查看', '考试进行中', 'This course does not exist.', 'You have no permission to open it.'])(
    'a message with a catalogue keyword (%s) gets a 返回 button, no close, and goes back',
    async (message) => {
      respond(200, fail(message));
      await expect(apiGet('/x')).rejects.toBeInstanceOf(ApiError);
      expect(alerts[0]).toMatchObject({ message, okText: '返回', closable: false });
      expect(ui.goBack).not.toHaveBeenCalled();
      alerts[0]?.onOk?.();
      expect(ui.goBack).toHaveBeenCalledTimes(1);
    },
  );

  it.each([
    [500, '系统错误'],
    [404, '系统错误'],
    [502, '系统繁忙，请稍后再试'],
    [403, '未知错误'],
  ])('HTTP %i alerts %s and rejects with that status', async (status, text) => {
    respond(status, { success: false, code: status, flag: -1, message: 'internal detail', data: null });
    const error = await apiGet('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status, message: text });
    expect(alerts.map((a) => a.message)).toEqual([text]);
    expect(alerts[0]?.closable).toBe(true);
  });

  it('an answer that is not an envelope (an HTML page from a proxy) is an unknown error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    respond(200, '<!doctype html><html></html>');
    await expect(apiGet('/x')).rejects.toMatchObject({ message: '未知错误', status: 200, flag: null });
    expect(alerts.map((a) => a.message)).toEqual(['未知错误']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not an API envelope'));
  });

  it('a call that gets no response at all is an unknown error with status 0', async () => {
    apiClient.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    };
    await expect(apiGet('/x')).rejects.toMatchObject({ message: '未知错误', status: 0 });
    expect(alerts.map((a) => a.message)).toEqual(['未知错误']);
  });

  it('silent calls reject without alerting', async () => {
    respond(500, { success: false, code: 500, flag: -1, message: 'boom', data: null });
    await expect(apiGet('/x', {}, { silent: true })).rejects.toMatchObject({ status: 500 });
    respond(200, fail('已下架'));
    await expect(apiGet('/x', {}, { silent: true })).rejects.toMatchObject({ message: '已下架' });
    expect(alerts).toHaveLength(0);
  });

  it('the same failure from two calls at once shows one alert until it is closed', async () => {
    respond(200, fail('名额已满'));
    await Promise.allSettled([apiGet('/a'), apiGet('/b')]);
    expect(alerts).toHaveLength(1);
    alerts[0]?.afterClose();
    await apiGet('/c').catch(() => undefined);
    expect(alerts).toHaveLength(2);
  });
});

describe('apiList', () => {
  it('drops undefined params and repeats array params the way the server reads them', async () => {
    setTenantId(1001);
    respond(200, { success: true, code: 200, flag: 0, message: 'success', data: { list: [], total: 0, pageNo: 1, pageSize: 8 } });
    const page = await apiList('/cm/api/content/search', { purpose: [5, 6], pageSize: 8, categoryId: undefined });
    expect(page.total).toBe(0);
    const config = requests[0]!;
    expect(config.url).toBe('/cm/api/content/search?purpose=5&purpose=6');
    expect(config.params).toEqual({ pageSize: 8, tenantId: 1001 });
  });
});
