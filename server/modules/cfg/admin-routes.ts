// The tenant back-office (DESIGN "What the product is": /admin/… holds settings and navigation;
// spec shell §6: the admin entry is for tenantType 1 with adminAuth). It edits the default store's
// site name and logo, theme colours, navbar options, footer, site options and top-level menus.
// Every save is checked against the schema the portal reads with, so nothing saved here can break
// the portal's start-up. Wire format: docs/api.md "Back-office".
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Ajv } from 'ajv';
import type { Transaction } from 'kysely';
import { CONFIG_KEYS } from '../../../schemas/config-keys';
import type { TenantInfo } from '../../../schemas/tenant-settings';
import { Envelope } from '../../../schemas/common';
import { isSiteAddress } from '../../../schemas/url';
import type { DB } from '../../db/types';
import { describeAjvError } from '../../lib/validate';
import { invalidateTenantAnswers } from '../../plugins/answers';
import { ApiError, ok } from '../../plugins/envelope';
import { listAllTopMenus, readEditableConfig, writeConfig, writeGlobalStyle, writeMenus } from './admin-repository';
import {
  AdminQuery, AdminSettings, APP_NAME_MAX, JSON_SETTINGS, MENU_TITLE_MAX, SaveBasicsBody, SaveGlobalStyleBody, SaveJsonSettingBody, SaveMenusBody,
} from '../../../schemas/api/cfg';
import { findStore } from '../../lib/store-settings';
import { asBackOfficeAdmin } from '../../lib/back-office';

const ajv = new Ajv({ allErrors: false, strict: false });
const jsonCheckers = Object.fromEntries(Object.entries(JSON_SETTINGS).map(([name, schema]) => [name, ajv.compile(schema)]));

const SETTING_LABELS: Record<keyof typeof JSON_SETTINGS, string> = { navbar: '导航栏样式', footer: '页脚', siteOptions: '站点选项' };
const SETTING_KEYS = { navbar: CONFIG_KEYS.navbarOptions, footer: CONFIG_KEYS.footer, siteOptions: CONFIG_KEYS.siteOptions } as const;

type Trx = Transaction<DB>;

/** The caller, who must hold the back-office right in a tenant that has one (server/lib/back-office.ts); then `work` runs in the tenant with its store. */
async function asAdmin<T>(app: FastifyInstance, req: FastifyRequest, tenantId: number, work: (trx: Trx, storeId: number, tenant: TenantInfo) => Promise<T>): Promise<T> {
  return asBackOfficeAdmin(app, req, tenantId, async (trx, _userId, tenant) => {
    const found = await findStore(trx);
    if (!found) throw new ApiError('This tenant has no store yet.', { code: 404, errorCode: 'STORE_NOT_FOUND' });
    return work(trx, found.store.id, tenant);
  });
}

/**
 * asAdmin for a save: once it has committed, the tenant's cached settings are dropped on this node
 * and, through NOTIFY, on every other (issue 15 point 5), so no node serves the old ones.
 */
async function asAdminSave<T>(app: FastifyInstance, req: FastifyRequest, tenantId: number, work: (trx: Trx, storeId: number, tenant: TenantInfo) => Promise<T>): Promise<T> {
  const result = await asAdmin(app, req, tenantId, work);
  await invalidateTenantAnswers(app, tenantId);
  return result;
}

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cfg/api/admin/settings', {
    schema: {
      tags: ['cfg'], summary: 'Back-office: the default store\'s editable settings and every top-level menu (hidden ones too); admins only',
      querystring: AdminQuery, response: { 200: Envelope(AdminSettings) },
    },
  }, async (req) => {
    return ok(await asAdmin(app, req, req.query.tenantId, async (trx, storeId, tenant) => {
      const found = (await findStore(trx, storeId))!;
      const [config, menus] = await Promise.all([readEditableConfig(trx, storeId), listAllTopMenus(trx, storeId)]);
      return { tenant, storeId, globalStyle: found.globalStyle, menus, ...config };
    }));
  });

  r.post('/cfg/api/admin/basics/save', {
    schema: { tags: ['cfg'], summary: 'Back-office: the site name and logo', body: SaveBasicsBody, response: { 200: Envelope(AdminSettings.properties.appName) } },
  }, async (req) => {
    const { tenantId } = req.body;
    const appName = req.body.appName.trim();
    const logoImg = req.body.logoImg.trim();
    if (!appName) throw new ApiError('请填写站点名称。', { errorCode: 'APP_NAME_REQUIRED' });
    if ([...appName].length > APP_NAME_MAX) throw new ApiError(`站点名称最多 ${APP_NAME_MAX} 个字。`, { errorCode: 'APP_NAME_TOO_LONG' });
    // A logo may be an uploaded file, a portal asset or an http(s) address: the one rule of
    // schemas/url.ts that the footer and site options follow too (issue 14 point 15).
    if (!isSiteAddress(logoImg)) {
      throw new ApiError('Logo 地址需以 / 开头（站内文件）或以 http:// 、https:// 开头。', { errorCode: 'LOGO_INVALID' });
    }
    return ok(await asAdminSave(app, req, tenantId, async (trx, storeId) => {
      await writeConfig(trx, storeId, CONFIG_KEYS.appName, appName);
      await writeConfig(trx, storeId, CONFIG_KEYS.logoImg, logoImg);
      return appName;
    }), '保存成功');
  });

  r.post('/cfg/api/admin/globalStyle/save', {
    schema: { tags: ['cfg'], summary: 'Back-office: the theme colours (globalStyle)', body: SaveGlobalStyleBody, response: { 200: Envelope(SaveGlobalStyleBody.properties.globalStyle) } },
  }, async (req) => {
    const { tenantId, globalStyle } = req.body;
    return ok(await asAdminSave(app, req, tenantId, async (trx, storeId) => {
      await writeGlobalStyle(trx, storeId, globalStyle);
      return globalStyle;
    }), '保存成功');
  });

  r.post('/cfg/api/admin/setting/save', {
    schema: { tags: ['cfg'], summary: 'Back-office: one JSON setting (navbar, footer or siteOptions), checked against its schema', body: SaveJsonSettingBody, response: { 200: Envelope(SaveJsonSettingBody.properties.value) } },
  }, async (req) => {
    const { tenantId, name, value } = req.body;
    const check = jsonCheckers[name]!;
    if (!check(value)) {
      throw new ApiError(`${SETTING_LABELS[name]}设置有误：${describeAjvError(check.errors?.[0])}。`, { errorCode: 'SETTING_INVALID' });
    }
    return ok(await asAdminSave(app, req, tenantId, async (trx, storeId) => {
      await writeConfig(trx, storeId, SETTING_KEYS[name], value);
      return value;
    }), '保存成功');
  });

  r.post('/cfg/api/admin/menus/save', {
    schema: { tags: ['cfg'], summary: 'Back-office: titles, visibility and order of the top-level menus', body: SaveMenusBody, response: { 200: Envelope(AdminSettings.properties.menus) } },
  }, async (req) => {
    const { tenantId } = req.body;
    const menus = req.body.menus.map((menu) => ({ ...menu, title: menu.title.trim() }));
    const blank = menus.findIndex((menu) => !menu.title);
    if (blank >= 0) throw new ApiError(`第 ${blank + 1} 个菜单没有名称，请填写。`, { errorCode: 'MENU_TITLE_REQUIRED' });
    const long = menus.find((menu) => [...menu.title].length > MENU_TITLE_MAX);
    if (long) throw new ApiError(`菜单“${long.title}”太长，最多 ${MENU_TITLE_MAX} 个字。`, { errorCode: 'MENU_TITLE_TOO_LONG' });
    if (!menus.some((menu) => menu.state === 1)) throw new ApiError('至少保留一个显示的菜单。', { errorCode: 'MENU_NONE_SHOWN' });
    if (new Set(menus.map((menu) => menu.id)).size !== menus.length) throw new ApiError('菜单列表中有重复的菜单。', { errorCode: 'MENU_DUPLICATE' });
    return ok(await asAdminSave(app, req, tenantId, async (trx, storeId) => {
      // The list must be exactly the store's menus: a list read before another admin's change
      // would otherwise reorder or hide menus this admin never saw.
      const current = await listAllTopMenus(trx, storeId);
      const known = new Set(current.map((menu) => menu.id));
      if (menus.length !== current.length || menus.some((menu) => !known.has(menu.id))) {
        throw new ApiError('菜单已被其他管理员修改，请刷新后再保存。', { errorCode: 'MENUS_CHANGED' });
      }
      await writeMenus(trx, menus);
      return listAllTopMenus(trx, storeId);
    }), '保存成功');
  });
}
