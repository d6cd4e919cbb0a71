import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../core/config.js';
import type { AppDeps } from '../../core/deps.js';

/**
 * Signed diagram addresses (docs/workflow-design.md "Schemes"): `GET /api/workflow-scheme-info/read-resource?F_Id=…
 * &versionId=…&sig=…` is loaded by <img> / <iframe>, which cannot send a Bearer header. Like signed file addresses
 * (files/file-links.ts) the signature is an HMAC of the scheme and version ids with a key derived from the JWT
 * secret; it does not expire (a version's diagram never changes; a deleted scheme answers 404).
 */
const keys = new WeakMap<Uint8Array, Buffer>();

function keyOf(config: Pick<AppConfig, 'jwtSecret'>): Buffer {
  let key = keys.get(config.jwtSecret);
  if (!key) {
    key = createHmac('sha256', config.jwtSecret).update('workflow-diagram').digest();
    keys.set(config.jwtSecret, key);
  }
  return key;
}

export function signDiagram(config: Pick<AppConfig, 'jwtSecret'>, schemeId: string, versionId?: string): string {
  return createHmac('sha256', keyOf(config)).update(`${schemeId}:${versionId ?? ''}`).digest('base64url').slice(0, 32);
}

export function verifyDiagram(config: Pick<AppConfig, 'jwtSecret'>, schemeId: string, versionId: string | undefined, sig: string): boolean {
  const expected = Buffer.from(signDiagram(config, schemeId, versionId));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The signed address of a scheme version's diagram (SVG; add `&format=xml` for the XML). Without a version id
 * it always shows the scheme's current version. The task API may use it for an instance's diagram.
 */
export function diagramUrl(deps: Pick<AppDeps, 'config'>, schemeId: string, versionId?: string): string {
  const version = versionId ? `&versionId=${encodeURIComponent(versionId)}` : '';
  return `/api/workflow-scheme-info/read-resource?F_Id=${encodeURIComponent(schemeId)}${version}&sig=${signDiagram(deps.config, schemeId, versionId)}`;
}
