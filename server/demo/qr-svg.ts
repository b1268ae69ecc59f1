// A QR code as an SVG image, from the `qrcode` package's module matrix: one path of unit squares
// with the four-module quiet zone the standard asks for (ISO/IEC 18004 §6.3.8), crisp at any size.
import QRCode from 'qrcode';

/** The SVG of a QR code holding `text` (error correction level L: a URL stays a small version, easy to scan on screen). */
export function qrSvg(text: string, pixels = 132): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'L' });
  const size = modules.size;
  const quiet = 4;
  let d = '';
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) if (modules.get(y, x)) d += `M${x + quiet} ${y + quiet}h1v1h-1z`;
  }
  const box = size + quiet * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 ${box} ${box}" shape-rendering="crispEdges">`
    + `<rect width="${box}" height="${box}" fill="#ffffff"/><path fill="#000000" d="${d}"/></svg>`;
}
