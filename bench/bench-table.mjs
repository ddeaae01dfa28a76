// Prints benchmark rows: value, unit, target and the ratio to the baseline run in the same process.
export function printRows(rows) {
    const fmt = (v) => (v >= 1000 ? Math.round(v).toLocaleString('en-US') : v >= 10 ? v.toFixed(1) : v.toFixed(3));
    for (const r of rows) {
        const ratio = r.ratio !== undefined ? `  (${r.ratio.toFixed(2)}× ${r.baseline})` : '';
        console.log(`${r.name.padEnd(72)} ${fmt(r.value).padStart(12)} ${r.unit.padEnd(3)} target ${r.target}${ratio}`);
    }
}
