// Generated schemas for benchmarks: a typical one (32 fields, 50 relations) and a large one (10,000
// relations filling just under 1 MiB).
const TYPES = [
    '"type": "integer", "min": 0, "max": 1000',
    '"type": "decimal", "scale": 2',
    '"type": "money", "currency": "EUR", "min": "0.00"',
    '"type": "date"',
];

export function typicalSchema(relations = 50) {
    const fields = Array.from(
        { length: 32 },
        (_, i) =>
            `    {"name": "f${String(i).padStart(2, '0')}", ${TYPES[i % 4]}, "description": "Field number ${i} of the benchmark schema", "hints": ["Field ${i}", "Veld ${i}"]}`,
    );
    const rels = Array.from({ length: relations }, (_, i) => `    {"id": "r${i}", "expr": "${relation(i)}"}`);
    return `{\n  "svc_schema": "1.0",\n  "name": "bench",\n  "fields": [\n${fields.join(',\n')}\n  ],\n  "relations": [\n${rels.join(',\n')}\n  ]\n}\n`;
}

/** A relation over fields of one type (i picks the type), with 4 to 6 operators; `salt` changes its constants. */
export function relation(i, salt = 0) {
    const k = i % 4;
    const f = (j) => `f${String((j * 4 + k) % 32).padStart(2, '0')}`;
    const a = f(i % 8);
    const b = f((i + 1) % 8);
    const c = f((i + 3) % 8);
    switch (k) {
        case 0:
            return `${a} + ${b} * 2 <= ${c} + ${300 + salt} or ${a} == ${b}`;
        case 1:
            return `round(${a} / 3, 2, 'half_even') + ${b} != ${c} - ${(1.5 + salt).toFixed(2)}`;
        case 2:
            return `when(${a} > ${10 + salt}, ${b} + ${c} >= ${a} - ${(5 + salt).toFixed(2)})`;
        default:
            return `${a} - ${b} <= duration'P${30 + salt}D' and ${c} >= date'2000-01-01'`;
    }
}

export function largeSchema(target = 1024 * 1024 - 512) {
    const base = typicalSchema(10_000);
    const bytes = Buffer.byteLength(base);
    if (bytes >= target) throw new Error(`generated schema is ${bytes} bytes, over ${target}`);
    // Pad with a description per relation so the file is just under 1 MiB.
    const pad = Math.floor((target - bytes) / 10_000) - 20;
    return base.replace(/("id": "r\d+", )/g, `$1"description": "${'x'.repeat(Math.max(0, pad))}", `);
}

/**
 * The typical schema's 50 relations as CEL (`salt` changes their constants: new text each run) over
 * variables of the nearest CEL types (the cel-js baseline).
 */
export function celRelations(salt = 0) {
    return Array.from({ length: 50 }, (_, i) => {
        const k = i % 4;
        const f = (j) => `f${String((j * 4 + k) % 32).padStart(2, '0')}`;
        const [a, b, c] = [f(i % 8), f((i + 1) % 8), f((i + 3) % 8)];
        switch (k) {
            case 0:
                return `${a} + ${b} * 2 <= ${c} + ${300 + salt} || ${a} == ${b}`;
            case 1:
                return `${a} / 3.0 + ${b} != ${c} - ${(1.5 + salt).toFixed(2)}`;
            case 2:
                return `${a} > ${10 + salt}.0 ? ${b} + ${c} >= ${a} - ${(5 + salt).toFixed(2)} : true`;
            default:
                return `${a} - ${b} <= duration('${(30 + salt) * 24}h') && ${c} >= timestamp('2000-01-01T00:00:00Z')`;
        }
    });
}

/** CEL types of the 32 fields (int, double for decimal and money, timestamp for date). */
export const CEL_FIELD_TYPES = Array.from({ length: 32 }, (_, i) => ['int', 'double', 'double', 'google.protobuf.Timestamp'][i % 4]);
