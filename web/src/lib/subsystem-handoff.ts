import type { Subsystem } from '@app/contracts';

/** Spec 4 and 9: the token is posted to each external sub-system 2 s after its hidden frame opens; the frame goes at 4 s. */
export const HANDOFF_MESSAGE_DELAY_MS = 2000;
export const HANDOFF_FRAME_REMOVE_MS = 4000;

/** Sub-systems served by another application: their index URL is an absolute http(s) address. */
export function externalSystems(systems: Subsystem[]): Subsystem[] {
  return systems.filter((s) => /^https?:\/\//i.test(s.F_IndexUrl));
}

/**
 * Hands the new token to every external sub-system through a hidden frame, so the user is signed in there
 * too. The message goes only to the frame's own origin.
 */
export function handTokenToSubsystems(systems: Subsystem[], token: string, doc: Document = document): void {
  for (const system of externalSystems(systems)) {
    const frame = doc.createElement('iframe');
    frame.style.display = 'none';
    frame.setAttribute('data-handoff', system.F_Id);
    frame.src = system.F_IndexUrl;
    doc.body.appendChild(frame);
    const origin = new URL(system.F_IndexUrl).origin;
    setTimeout(() => frame.contentWindow?.postMessage({ type: 'token', token }, origin), HANDOFF_MESSAGE_DELAY_MS);
    setTimeout(() => frame.remove(), HANDOFF_FRAME_REMOVE_MS);
  }
}
