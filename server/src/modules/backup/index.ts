import { AppError } from '../../core/errors.js';
import { BACKUP_SIGNATURE_HEADER, isValidBackupSignature } from './backup.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/**
 * GET /api/backup: the running server's PGlite data directory as a gzip tarball, for `npm run backup`
 * (docs/security-hardening.md, "Backup and restore"). Public to the sign-in check because its credential is its own:
 * a signature made with the server's JWT secret, i.e. by someone who may read the server's configuration or data
 * directory anyway. Logged like any request; hidden from the OpenAPI document like the other operator endpoints.
 */
export default defineModule({
  name: 'backup',
  messages,
  routes: async (app, deps) => {
    app.get('/backup', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      if (!isValidBackupSignature(request.headers[BACKUP_SIGNATURE_HEADER] as string | undefined, deps.config.jwtSecret)) {
        throw new AppError('backup.signature', {}, 401);
      }
      if (!deps.dumpDataDir) throw new AppError('backup.usePgDump', {}, 400);
      const tarball = await deps.dumpDataDir();
      request.log.info({ bytes: tarball.length }, 'backup of the PGlite data directory sent');
      return reply
        .type('application/gzip')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="pglite-backup.tar.gz"')
        .send(tarball);
    });
  },
});
