// A reliability diagram as SVG: for ten equal-width confidence bins, the share of right values
// (bars) against the diagonal a calibrated reader follows, with each bin's count, the mean
// confidence its values reported (a dot: where a calibrated bar would end) and the 95% Wilson
// interval of its share right (whiskers: a bin of 15 values right 9 times is consistent with any
// share from 36% to 80%), so a reader of the diagram sees which gaps are more than chance.

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

/** The 95% Wilson score interval of a share right of `right` over `n` values. */
export function wilson(right, n, z = 1.96) {
    if (!n) return [0, 1];
    const p = right / n;
    const d = 1 + (z * z) / n;
    const mid = (p + (z * z) / (2 * n)) / d;
    const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
    return [Math.max(0, mid - half), Math.min(1, mid + half)];
}

export function reliabilitySvg(title, pairs) {
    const W = 360,
        H = 360,
        L = 50,
        B = 40,
        T = 44,
        S = W - L - 20;
    const x = (v) => L + v * S;
    const y = (v) => T + (1 - v) * (H - T - B);
    const bs = bins(pairs);
    const ece = pairs.length ? bs.reduce((a, b) => a + b.n * Math.abs(b.confidence - b.right), 0) / pairs.length : 0;
    const bars = bs
        .filter((b) => b.n)
        .map((b) => `<rect x="${x(b.from) + 2}" y="${y(b.right)}" width="${S / 10 - 4}" height="${y(0) - y(b.right)}" fill="#4a7ebb"/>`)
        .join('');
    // Whiskers, the reported confidence and the count, drawn over every bar.
    const marks = bs
        .filter((b) => b.n)
        .map((b) => {
            const [lo, hi] = wilson(Math.round(b.right * b.n), b.n);
            const cx = x(b.from + 0.05);
            return (
                `<line x1="${cx}" y1="${y(lo)}" x2="${cx}" y2="${y(hi)}" stroke="#222"/>` +
                `<line x1="${cx - 4}" y1="${y(lo)}" x2="${cx + 4}" y2="${y(lo)}" stroke="#222"/><line x1="${cx - 4}" y1="${y(hi)}" x2="${cx + 4}" y2="${y(hi)}" stroke="#222"/>` +
                `<circle cx="${cx}" cy="${y(b.confidence)}" r="3" fill="#c33"/>` +
                // The last bin's count goes left of its whisker, inside the frame.
                (b.from >= 0.9
                    ? `<text x="${cx - 7}" y="${y(hi) + 3}" font-size="9" text-anchor="end">${b.n}</text>`
                    : `<text x="${cx + 7}" y="${y(hi) + 3}" font-size="9">${b.n}</text>`)
            );
        })
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
${marks}
<text x="${W / 2}" y="34" font-size="9" fill="#444" text-anchor="middle">bars: share right · dots: mean confidence · whiskers: 95% interval</text>
${ticks}
<text x="${W / 2}" y="${H - 6}" font-size="11" text-anchor="middle">reported confidence</text>
<text x="14" y="${H / 2}" font-size="11" text-anchor="middle" transform="rotate(-90 14 ${H / 2})">share right</text>
</svg>
`;
}
