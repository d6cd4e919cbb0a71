import { describe, expect, it } from 'vitest';
import { acceptAllows, extensionOf, sniff, SNIFF_BYTES } from './sniff.js';

const bytes = (...parts: (number[] | string)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const pad = (head: Buffer, size = 64) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR');
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], [0, 16], 'JFIF');
const PDF = bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj');
const ZIP = bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0], '[Content_Types].xml');
const OLE = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], [0, 0, 0, 0]);
const MP4 = bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]);
const TAR = (() => {
  const b = Buffer.alloc(512);
  b.write('file.txt', 0);
  b.write('ustar\u000000', 257, 'latin1');
  return b;
})();
const UTF8_TEXT = Buffer.from('姓名,部门\n张三,研发部\n', 'utf8');
const GB_TEXT = Buffer.from([0xd5, 0xc5, 0xc8, 0xfd, 0x2c, 0xd1, 0xd0, 0xb7, 0xa2, 0x0a]); // 张三,研发 in GBK
const SVG = Buffer.from('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="1"></svg>');

describe('sniff: allowed content', () => {
  it.each<[string, Buffer, string]>([
    ['.png', PNG, 'image/png'],
    ['.PNG', PNG, 'image/png'],
    ['.jpg', JPEG, 'image/jpeg'],
    ['.jpeg', JPEG, 'image/jpeg'],
    ['.gif', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['.gif', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif'],
    ['.bmp', bytes('BM', [0x46, 0, 0, 0]), 'image/bmp'],
    ['.webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['.ico', bytes([0, 0, 1, 0, 1, 0, 16, 16]), 'image/x-icon'],
    ['.svg', SVG, 'image/svg+xml'],
    ['.pdf', PDF, 'application/pdf'],
    ['.docx', ZIP, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['.xlsx', ZIP, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['.pptx', ZIP, 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['.odt', ZIP, 'application/vnd.oasis.opendocument.text'],
    ['.ods', ZIP, 'application/vnd.oasis.opendocument.spreadsheet'],
    ['.odp', ZIP, 'application/vnd.oasis.opendocument.presentation'],
    ['.doc', OLE, 'application/msword'],
    ['.xls', OLE, 'application/vnd.ms-excel'],
    ['.ppt', OLE, 'application/vnd.ms-powerpoint'],
    ['.wps', OLE, 'application/vnd.ms-works'],
    ['.et', OLE, 'application/vnd.ms-excel'],
    ['.dps', OLE, 'application/vnd.ms-powerpoint'],
    ['.rtf', bytes('{\\rtf1\\ansi'), 'application/rtf'],
    ['.txt', UTF8_TEXT, 'text/plain'],
    ['.txt', GB_TEXT, 'text/plain'],
    ['.txt', Buffer.alloc(0), 'text/plain'],
    ['.csv', UTF8_TEXT, 'text/csv'],
    ['.md', Buffer.from('# 标题\n'), 'text/markdown'],
    ['.json', Buffer.from('{"a":1}'), 'application/json'],
    ['.xml', Buffer.from('<a/>'), 'application/xml'],
    ['.log', Buffer.from('line\n'), 'text/plain'],
    ['.ini', Buffer.from('[a]\nb=1\n'), 'text/plain'],
    ['.yaml', Buffer.from('a: 1\n'), 'application/yaml'],
    ['.yml', Buffer.from('a: 1\n'), 'application/yaml'],
    ['.zip', ZIP, 'application/zip'],
    ['.zip', bytes([0x50, 0x4b, 0x05, 0x06], Array(18).fill(0)), 'application/zip'],
    ['.rar', bytes('Rar!\x1a\x07\x01\x00'), 'application/vnd.rar'],
    ['.7z', bytes([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]), 'application/x-7z-compressed'],
    ['.gz', bytes([0x1f, 0x8b, 8, 0]), 'application/gzip'],
    ['.tar', TAR, 'application/x-tar'],
    ['.mp4', MP4, 'video/mp4'],
    ['.m4a', bytes([0, 0, 0, 0x20], 'ftypM4A '), 'audio/mp4'],
    ['.mov', bytes([0, 0, 0, 0x14], 'ftypqt  '), 'video/quicktime'],
    ['.mov', bytes([0, 0, 0, 0x08], 'wide'), 'video/quicktime'],
    ['.mp3', bytes('ID3', [4, 0, 0]), 'audio/mpeg'],
    ['.mp3', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg'],
    ['.wav', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
    ['.ogg', bytes('OggS', [0, 2]), 'audio/ogg'],
    ['.webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]), 'video/webm'],
    ['.avi', bytes('RIFF', [0x24, 0, 0, 0], 'AVI LIST'), 'video/x-msvideo'],
    ['.flac', bytes('fLaC', [0, 0, 0, 0x22]), 'audio/flac'],
  ])('%s → %s', (ext, head, mime) => {
    expect(sniff(ext, head)).toEqual({ ok: true, mime });
  });

  it('accepts text whose sniffed head ends inside a multi-byte character', () => {
    const text = Buffer.from('汉'.repeat(SNIFF_BYTES)); // 3 bytes each
    expect(sniff('.txt', text.subarray(0, SNIFF_BYTES))).toEqual({ ok: true, mime: 'text/plain' });
  });
});

describe('sniff: refused content', () => {
  it.each<[string, string, Buffer, 'typeNotAllowed' | 'contentMismatch']>([
    ['a .png that is a PDF', '.png', PDF, 'contentMismatch'],
    ['a .pdf that is a PNG', '.pdf', PNG, 'contentMismatch'],
    ['a .jpg that is text', '.jpg', UTF8_TEXT, 'contentMismatch'],
    ['a .docx that is OLE', '.docx', OLE, 'contentMismatch'],
    ['a .doc that is a zip', '.doc', ZIP, 'contentMismatch'],
    ['a .mp4 without ftyp', '.mp4', pad(bytes('hello world')), 'contentMismatch'],
    ['an empty .png', '.png', Buffer.alloc(0), 'contentMismatch'],
    ['Windows exe as .txt', '.txt', pad(bytes('MZ\x90\x00\x03')), 'contentMismatch'],
    ['Windows exe as .png', '.png', pad(bytes('MZ\x90\x00\x03')), 'contentMismatch'],
    ['ELF as .txt', '.txt', pad(bytes('\x7fELF\x02\x01\x01')), 'contentMismatch'],
    ['ELF as .log', '.log', bytes('\x7fELF'), 'contentMismatch'],
    ['Mach-O 64 as .txt', '.txt', bytes([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]), 'contentMismatch'],
    ['Mach-O fat as .bin-named .zip', '.zip', bytes([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2]), 'contentMismatch'],
    ['shebang script as .txt', '.txt', bytes('#!/bin/sh\nrm -rf /\n'), 'contentMismatch'],
    ['shebang script as .md', '.md', bytes('#!/usr/bin/env node\n'), 'contentMismatch'],
    ['UTF-16 text (NUL bytes) as .txt', '.txt', Buffer.from('\ufeffhello', 'utf16le'), 'contentMismatch'],
    ['binary as .csv', '.csv', bytes([0x00, 0x01, 0x02, 0xff]), 'contentMismatch'],
    ['an .svg that is not svg', '.svg', Buffer.from('<html><script>alert(1)</script></html>'), 'contentMismatch'],
    ['html', '.html', Buffer.from('<!doctype html><p>x</p>'), 'typeNotAllowed'],
    ['htm', '.htm', Buffer.from('<p>x</p>'), 'typeNotAllowed'],
    ['exe', '.exe', pad(bytes('MZ')), 'typeNotAllowed'],
    ['sh', '.sh', bytes('echo hi'), 'typeNotAllowed'],
    ['js', '.js', bytes('alert(1)'), 'typeNotAllowed'],
    ['no extension', '', UTF8_TEXT, 'typeNotAllowed'],
    ['unknown extension', '.xyz', UTF8_TEXT, 'typeNotAllowed'],
    ['prototype key', '.constructor', UTF8_TEXT, 'typeNotAllowed'],
  ])('%s', (_what, ext, head, reason) => {
    expect(sniff(ext, head)).toEqual({ ok: false, reason });
  });
});

describe('extensionOf', () => {
  it.each([
    ['报告.PDF', '.pdf'],
    ['a.tar.gz', '.gz'],
    ['noext', ''],
    ['.bashrc', ''],
    ['dir/x.png', '.png'],
    ['C:\\x\\y.JPG', '.jpg'],
    ['trailing.', '.'],
  ])('%s → %s', (name, ext) => expect(extensionOf(name)).toBe(ext));
});

describe('acceptAllows', () => {
  it.each<[string | undefined, string, string, boolean]>([
    [undefined, '.exe', 'x', true],
    ['', '.pdf', 'application/pdf', true],
    ['.png,.jpg', '.png', 'image/png', true],
    ['.png, .JPG', '.jpg', 'image/jpeg', true],
    ['.png,.jpg', '.gif', 'image/gif', false],
    ['image/*', '.gif', 'image/gif', true],
    ['image/*', '.pdf', 'application/pdf', false],
    ['application/pdf', '.pdf', 'application/pdf', true],
    ['application/pdf,image/*', '.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', false],
    ['png,jpg', '.jpg', 'image/jpeg', true],
  ])('%j allows %s (%s): %s', (accept, ext, mime, expected) => expect(acceptAllows(accept, ext, mime)).toBe(expected));
});
