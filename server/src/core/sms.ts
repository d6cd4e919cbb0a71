import type { FastifyBaseLogger } from 'fastify';

/** Sends sign-in codes. Real providers plug in here; the default writes the code to the server log. */
export interface SmsProvider {
  sendLoginCode(phone: string, code: string): Promise<void>;
}

export function logSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    async sendLoginCode(phone, code) {
      log.info({ phone }, `SMS sign-in code for ${phone}: ${code}`);
    },
  };
}
