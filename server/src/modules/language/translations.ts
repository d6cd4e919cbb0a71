import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { LanguageRepository } from './language.repository.js';

/**
 * The language codes to look a translation up with, best first: the first Accept-Language tag and its primary
 * subtag ('en-US' → ['en-US', 'en']). Empty for Chinese (the main language: the stored text is used as is), so
 * `langOf` ('zh-CN' | 'en') and added languages ('ja') both work.
 */
export function translationLanguages(request: Pick<FastifyRequest, 'headers'>): string[] {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.split(';')[0]?.trim() ?? '';
  if (!first || first.toLowerCase().startsWith('zh') || first === '*') return [];
  const primary = first.split('-')[0].toLowerCase();
  return [...new Set([first, primary])];
}

/** The translation of one object for the wanted languages, or the fallback (Chinese). */
export function pickTranslation(translations: Record<string, string> | undefined, languages: string[], fallback: string): string {
  if (!translations) return fallback;
  for (const code of languages) {
    const text = translations[code];
    if (text) return text;
  }
  return fallback;
}

type ModuleTranslations = Map<string, Record<string, string>>;

/** How long another server process's change may take to show in this process's menu (its own show at once). */
const TTL_MS = 5_000;

/**
 * Menu-name translations per tenant, cached: one map (module id → translations) per tenant, loaded on first use and
 * dropped when the tenant's mappings change here (or after a few seconds, for changes made by another process).
 * Maps are replaced, never mutated, so callers may cache results by map identity.
 */
export class ModuleTranslationCache {
  private readonly byTenant = new Map<string, { at: number; map: Promise<ModuleTranslations> }>();

  private readonly repo: LanguageRepository;

  constructor(db: Kysely<Database>) {
    this.repo = new LanguageRepository(db);
  }

  of(tenantId: string): Promise<ModuleTranslations> {
    const cached = this.byTenant.get(tenantId);
    if (cached && Date.now() - cached.at < TTL_MS) return cached.map;
    const map = this.load(tenantId);
    this.byTenant.set(tenantId, { at: Date.now(), map });
    map.catch(() => this.byTenant.delete(tenantId));
    return map;
  }

  invalidate(tenantId?: string): void {
    if (tenantId) this.byTenant.delete(tenantId);
    else this.byTenant.clear();
  }

  private async load(tenantId: string): Promise<ModuleTranslations> {
    const rows = await this.repo.moduleTranslationRows(tenantId);
    return new Map(rows.filter((r) => Object.keys(r.translations ?? {}).length > 0).map((r) => [r.object_id, r.translations]));
  }
}

/** One cache per app (keyed by its database), shared by the language and menu modules. */
const caches = new WeakMap<Kysely<Database>, ModuleTranslationCache>();
export function moduleTranslations(db: Kysely<Database>): ModuleTranslationCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ModuleTranslationCache(db)));
  return cache;
}
