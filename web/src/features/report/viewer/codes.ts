import { code128, code39, drawingSVG, ean13, ean8, itf14, qrcode, upca } from 'bwip-js/browser';

/** bwip-js (MIT) encoders of the barcode formats a design offers (BARCODE_FORMATS), loaded with this module only. */
const BARCODES = { code128, code39, ean13, ean8, upca, itf14 } as const;

/** The SVG of a QR code or barcode; throws when the text cannot be encoded in that format (an EAN-13 of letters). */
export function codeSvg(kind: 'qrcode' | 'barcode', text: string, format?: string): string {
  if (kind === 'qrcode') return qrcode({ bcid: 'qrcode', text, scale: 2 }, drawingSVG());
  const name = (format && format in BARCODES ? format : 'code128') as keyof typeof BARCODES;
  return BARCODES[name]({ bcid: name, text, scale: 2, height: 10, includetext: true, textxalign: 'center' }, drawingSVG());
}
