import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EDITABLE_TEXT_MAX_BYTES,
  addFolderBody,
  editFileBody,
  editFileResult,
  emptyData,
  envelope,
  fileIdParams,
  fileManagerItem,
  fileManagerParentParams,
  fileManagerQuery,
  folderTreeNode,
  moveQuery,
  pageResult,
  renameQuery,
  reviewFileResult,
  filesPermissions,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { FileManagerService } from './file-manager.service.js';

/** Office viewers need an absolute file address; without PUBLIC_URL it is built from the request. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function fileManagerRoutes(app: FastifyInstance, service: FileManagerService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['File manager'];
  const list = { permission: filesPermissions.filesList };
  const add = { permission: filesPermissions.filesAdd };
  const edit = { permission: filesPermissions.filesEdit };
  const del = { permission: filesPermissions.filesDelete };

  r.get('/file-manager/queryFileAndFileFolder', {
    config: list,
    schema: {
      tags,
      summary: "Folders then files of parentId (root when absent), paged; keyword searches all of the user's live items; trash=1 the trash",
      querystring: fileManagerQuery,
      response: { 200: envelope(pageResult(fileManagerItem)) },
    },
    handler: async (request) => ok(request, await service.page(authOf(request), request.query, originOf(request)), 'common.fetched'),
  });

  r.get('/file-manager/getFileByParentId/:id', {
    config: list,
    schema: {
      tags,
      summary: "A folder's live children, not paged ('root' = the root)",
      params: fileManagerParentParams,
      response: { 200: envelope(z.array(fileManagerItem)) },
    },
    handler: async (request) => ok(request, await service.children(authOf(request), request.params.id, originOf(request)), 'common.fetched'),
  });

  r.get('/file-manager/tree', {
    config: list,
    schema: { tags, summary: "The user's live folders as a tree", response: { 200: envelope(z.array(folderTreeNode)) } },
    handler: async (request) => ok(request, await service.tree(authOf(request)), 'common.fetched'),
  });

  r.post('/file-manager/addFolder', {
    config: add,
    schema: { tags, summary: 'New folder (F_ParentId null or absent = the root)', body: addFolderBody, response: { 200: envelope(fileManagerItem) } },
    handler: async (request) => ok(request, await service.addFolder(authOf(request), request.body, originOf(request)), 'common.added'),
  });

  r.put('/file-manager/updateFileName', {
    config: edit,
    schema: {
      tags,
      summary: 'Rename a file or folder; a file keeps its extension when the new name has none',
      querystring: renameQuery,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.rename(authOf(request), request.query);
      return ok(request, null, 'common.updated');
    },
  });

  r.put('/file-manager/removeFile', {
    config: edit,
    schema: {
      tags,
      summary: 'Move to parentId (absent = the root); a folder cannot move into itself or a descendant',
      querystring: moveQuery,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.move(authOf(request), request.query);
      return ok(request, null, 'files.moved');
    },
  });

  r.delete('/file-manager/logicDelete/:id', {
    config: del,
    schema: { tags, summary: 'To the trash (a folder hides its subtree)', params: fileIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.trash(authOf(request), request.params.id);
      return ok(request, null, 'files.trashed');
    },
  });

  r.put('/file-manager/restoreFile/:id', {
    config: del,
    schema: {
      tags,
      summary: 'Back from the trash; to the root when its folder is gone or hidden',
      params: fileIdParams,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.restore(authOf(request), request.params.id);
      return ok(request, null, 'files.restored');
    },
  });

  r.delete('/file-manager/emptyTrash', {
    config: del,
    schema: { tags, summary: 'Hard delete everything in the trash (rows in one transaction, then the stored objects)', response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.emptyTrash(authOf(request));
      return ok(request, null, 'files.trashEmptied');
    },
  });

  r.delete('/file-manager/Delete/:id', {
    config: del,
    schema: { tags, summary: 'Hard delete one item (a folder with its subtree)', params: fileIdParams, response: { 200: envelope(emptyData) } },
    handler: async (request) => {
      await service.hardDelete(authOf(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  r.get('/file-manager/reviewFile/:id', {
    config: list,
    schema: { tags, summary: 'How to preview a file (signed url, kind, external viewer)', params: fileIdParams, response: { 200: envelope(reviewFileResult) } },
    handler: async (request) => ok(request, await service.review(authOf(request), request.params.id, originOf(request)), 'common.fetched'),
  });

  r.get('/file-manager/EditFile/:id', {
    config: list,
    schema: { tags, summary: 'The text of an editable file (text types, up to 1 MB)', params: fileIdParams, response: { 200: envelope(editFileResult) } },
    handler: async (request) => ok(request, await service.readText(authOf(request), request.params.id), 'common.fetched'),
  });

  r.put('/file-manager/EditFile/:id', {
    config: edit,
    // 1 MB of text can take several times that as JSON (escapes); the service checks the real byte size.
    bodyLimit: 8 * EDITABLE_TEXT_MAX_BYTES,
    schema: {
      tags,
      summary: 'Save new text (stored as a new object; the old one is removed)',
      params: fileIdParams,
      body: editFileBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.writeText(authOf(request), request.params.id, request.body.content);
      return ok(request, null, 'common.updated');
    },
  });
}
