// A reliability diagram as SVG: for ten equal-width confidence bins, the share of right values
// (bars) against the diagonal a calibrated reader follows, with each bin's count.

/** Bins of (confidence, right) pairs: mean confidence, share right, count. */
export function bins(pairs) {
    const out = Array.from({ length: 10 }, () => ({ n: 0, c: 0, y: 0 }));
    for (const [c, y] of pairs) {
        const b = out[Math.min(9, Math.max(0, Math.floor(c * 10)))];
        b.n++;
        b.c += c;
        b.y += y;
    }
    return out.map((b, i) => ({ from: i / 10, n: b.n, confidence: b.n ? b.c / b.n : 0, right: b.n ? b.y / b.n : 0 }));
}

export function reliabilitySvg(title, pairs) {
    const W = 360,
        H = 360,
        L = 50,
        B = 40,
        T = 30,
        S = W - L - 20;
    const x = (v) => L + v * S;
    const y = (v) => T + (1 - v) * (H - T - B);
    const bs = bins(pairs);
    const ece = pairs.length ? bs.reduce((a, b) => a + b.n * Math.abs(b.confidence - b.right), 0) / pairs.length : 0;
    const bars = bs
        .filter((b) => b.n)
        .map(
            (b) =>
                `<rect x="${x(b.from) + 2}" y="${y(b.right)}" width="${S / 10 - 4}" height="${y(0) - y(b.right)}" fill="#4a7ebb"/><text x="${x(b.from + 0.05)}" y="${y(b.right) - 4}" font-size="9" text-anchor="middle">${b.n}</text>`,
        )
        .join('');
    const ticks = [0, 0.2, 0.4, 0.6, 0.8, 1]
        .map(
            (t) =>
                `<text x="${x(t)}" y="${H - B + 14}" font-size="10" text-anchor="middle">${t}</text><text x="${L - 6}" y="${y(t) + 3}" font-size="10" text-anchor="end">${t}</text>`,
        )
        .join('');
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif">
<rect width="${W}" height="${H}" fill="white"/>
<text x="${W / 2}" y="18" font-size="13" text-anchor="middle">${title}: ECE ${ece.toFixed(3)}, ${pairs.length} values</text>
<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(0)}" stroke="black"/><line x1="${x(0)}" y1="${y(0)}" x2="${x(0)}" y2="${y(1)}" stroke="black"/>
${bars}
<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}" stroke="#c33" stroke-dasharray="4 3"/>
${ticks}
<text x="${W / 2}" y="${H - 6}" font-size="11" text-anchor="middle">reported confidence</text>
<text x="14" y="${H / 2}" font-size="11" text-anchor="middle" transform="rotate(-90 14 ${H / 2})">share right</text>
</svg>
`;
}
