import encodeQR from 'qr';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A QR code of `text` as an SVG element (dark modules on a white quiet zone), scalable to any size. */
export function qrSvg(text: string, label: string): SVGSVGElement {
  const modules = encodeQR(text, 'raw', { ecc: 'medium', border: 2 });
  const size = modules.length;
  let path = '';
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', String(size));
  background.setAttribute('height', String(size));
  background.setAttribute('fill', '#fff');
  const dots = document.createElementNS(SVG_NS, 'path');
  dots.setAttribute('d', path);
  dots.setAttribute('fill', '#000');
  svg.append(background, dots);
  return svg;
}
