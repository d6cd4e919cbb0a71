import type { AppConfig } from '../../core/config.js';
import type { AppDeps } from '../../core/deps.js';
import { Signer } from '../../core/signer.js';

/**
 * Signed diagram addresses (docs/workflow-design.md "Schemes"): `GET /api/workflow-scheme-info/read-resource?F_Id=…
 * &versionId=…&sig=…` is loaded by <img> / <iframe>, which cannot send a Bearer header. Like signed file addresses
 * (files/file-links.ts) the signature is an HMAC of the scheme and version ids with a key derived from the JWT
 * secret; it does not expire (a version's diagram never changes; a deleted scheme answers 404).
 */
const signers = new WeakMap<Uint8Array, Signer>();

function signerOf(config: Pick<AppConfig, 'jwtSecret'>): Signer {
  let signer = signers.get(config.jwtSecret);
  if (!signer) {
    signer = new Signer(config.jwtSecret, 'workflow-diagram');
    signers.set(config.jwtSecret, signer);
  }
  return signer;
}

export function signDiagram(config: Pick<AppConfig, 'jwtSecret'>, schemeId: string, versionId?: string): string {
  return signerOf(config).sign(`${schemeId}:${versionId ?? ''}`);
}

export function verifyDiagram(config: Pick<AppConfig, 'jwtSecret'>, schemeId: string, versionId: string | undefined, sig: string): boolean {
  return signerOf(config).verify(`${schemeId}:${versionId ?? ''}`, sig);
}

/**
 * The signed address of a scheme version's diagram (SVG; add `&format=xml` for the XML). Without a version id
 * it always shows the scheme's current version. The task API may use it for an instance's diagram.
 */
export function diagramUrl(deps: Pick<AppDeps, 'config'>, schemeId: string, versionId?: string): string {
  const version = versionId ? `&versionId=${encodeURIComponent(versionId)}` : '';
  return `/api/workflow-scheme-info/read-resource?F_Id=${encodeURIComponent(schemeId)}${version}&sig=${signDiagram(deps.config, schemeId, versionId)}`;
}
