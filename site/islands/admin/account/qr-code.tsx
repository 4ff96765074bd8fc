// The enrolment QR code, drawn as SVG from the module matrix the qrcode package computes:
// no canvas, no data URL and no inline style, so it renders under the strict CSP.
import QRCode from 'qrcode';
import { useMemo } from 'react';

/** Modules of white border around the code, as the QR specification asks. */
const QUIET_ZONE = 4;

export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) d += `M${col} ${row}h1v1h-1z`;
      }
    }
    return { size: modules.size, path: d };
  }, [text]);
  const side = size + 2 * QUIET_ZONE;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}`}
      shapeRendering="crispEdges"
      className="h-48 w-48 rounded-md border border-slate-200"
      data-testid="totp-qr"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={side} height={side} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
