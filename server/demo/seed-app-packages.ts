import type { Transaction } from 'kysely';
import type { DB } from '../db/types';

// Issue 21 Y: each demo tenant's app packages (GET /cfg/api/package/latest): two Android releases
// (the newer is the latest) and an unpublished draft above them, one iOS release, and a PC client
// only where a tenant ships one (demo and campus), so the others answer "no package" for pc.
// Download addresses are on example.com (reserved for examples): the demo ships no real app.
// Texts in the tenant's language (acme, 1002, is English).

const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);
const PC_TENANTS: ReadonlySet<number> = new Set([1001, 1533]);

interface SeedPackage {
  platform: 'android' | 'ios' | 'pc';
  version: string;
  minVersion: string;
  notes: [zh: string, en: string];
  file: string;
  size: number | null;
  state: number;
  daysAgo: number;
}

const PACKAGES: readonly SeedPackage[] = [
  { platform: 'android', version: '2.3.1', minVersion: '2.0.0', notes: ['修复视频续播的进度偏差。', 'Fixes the resume position of videos.'], file: 'study-2.3.1.apk', size: 31_457_280, state: 1, daysAgo: 60 },
  { platform: 'android', version: '2.4.0', minVersion: '2.1.0', notes: ['新增离线下载课程。\n考试页支持横屏。', 'Courses can be downloaded for offline study.\nExams work in landscape.'], file: 'study-2.4.0.apk', size: 32_505_856, state: 1, daysAgo: 7 },
  { platform: 'android', version: '2.5.0', minVersion: '2.1.0', notes: ['测试版，尚未发布。', 'Beta, not yet published.'], file: 'study-2.5.0.apk', size: null, state: 0, daysAgo: 0 },
  { platform: 'ios', version: '2.4.0', minVersion: '2.1.0', notes: ['新增离线下载课程。', 'Courses can be downloaded for offline study.'], file: 'ios', size: null, state: 1, daysAgo: 5 },
  { platform: 'pc', version: '1.8.2', minVersion: '1.5.0', notes: ['直播课堂支持屏幕共享。', 'Live classes can share a screen.'], file: 'study-setup-1.8.2.exe', size: 88_080_384, state: 1, daysAgo: 20 },
];

/** Writes the tenant's demo packages (inside the tenant's seed transaction). */
export async function seedAppPackages(trx: Transaction<DB>, tenantId: number): Promise<void> {
  const english = ENGLISH_TENANTS.has(tenantId);
  const rows = PACKAGES.filter((p) => p.platform !== 'pc' || PC_TENANTS.has(tenantId)).map((p) => ({
    tenant_id: tenantId, platform: p.platform, version: p.version, min_version: p.minVersion,
    notes: english ? p.notes[1] : p.notes[0],
    download_url: `https://download.example.com/study/${tenantId}/${p.platform}/${p.file}`,
    size_bytes: p.size, state: p.state,
    published_at: new Date(Date.now() - p.daysAgo * 86_400_000),
  }));
  await trx.insertInto('app_package').values(rows).execute();
}
