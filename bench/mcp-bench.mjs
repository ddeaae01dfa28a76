// MCP benchmark (issue 13): `tools/call validate_schema` over streamable HTTP at /mcp against
// POST /v1/schemas/validate with the same schema, same server (a child process), same run. The MCP
// call is the REST route dispatched in process plus the SDK's JSON-RPC handling, so the ratio is
// what the protocol layer costs. `node bench/mcp-bench.mjs` runs it alone; bench/run.mjs calls runMcpBench().
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SCHEMA, load, startChild } from './server-bench.mjs';

const here = fileURLToPath(import.meta.url);
const REST_BODY = JSON.stringify({ schema: SCHEMA });
const MCP_BODY = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'validate_schema', arguments: { schema: SCHEMA } },
});

export async function runMcpBench({ seconds = 5 } = {}) {
    const { default: autocannon } = await import('autocannon');
    const server = await startChild();
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${server.key}` };
    const mcpHeaders = { ...headers, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
    try {
        const check = await fetch(`${server.url}/mcp`, { method: 'POST', headers: mcpHeaders, body: MCP_BODY });
        const answer = await check.json();
        if (!answer.result?.structuredContent?.schema_hash)
            throw new Error(`unexpected MCP answer: ${JSON.stringify(answer).slice(0, 300)}`);
        const rest = { url: `${server.url}/v1/schemas/validate`, headers, body: REST_BODY };
        const mcp = { url: `${server.url}/mcp`, headers: mcpHeaders, body: MCP_BODY };
        // Warm up both (JIT, compile cache), then measure them one after the other.
        await load(autocannon, rest.url, { headers: rest.headers, body: rest.body, amount: 5_000 });
        await load(autocannon, mcp.url, { headers: mcp.headers, body: mcp.body, amount: 5_000 });
        // Server CPU per request is steadier than throughput on a shared machine: it does not depend on
        // how much of a core the server got while the other ran.
        const cpu0 = cpuMicros(server.proc.pid);
        const restRun = await load(autocannon, rest.url, { headers: rest.headers, body: rest.body, duration: seconds });
        const cpu1 = cpuMicros(server.proc.pid);
        const mcpRun = await load(autocannon, mcp.url, { headers: mcp.headers, body: mcp.body, duration: seconds });
        const cpu2 = cpuMicros(server.proc.pid);
        const rps = mcpRun.requests.average;
        const restRps = restRun.requests.average;
        const cpuRows =
            cpu0 === undefined
                ? []
                : [
                      {
                          name: 'server CPU per tools/call validate_schema over /mcp',
                          value: (cpu2 - cpu1) / mcpRun.requests.total,
                          unit: 'µs',
                          target: 'reported',
                          ratio: (cpu2 - cpu1) / mcpRun.requests.total / ((cpu1 - cpu0) / restRun.requests.total),
                          baseline: 'POST /v1/schemas/validate',
                      },
                      {
                          name: 'server CPU per POST /v1/schemas/validate',
                          value: (cpu1 - cpu0) / restRun.requests.total,
                          unit: 'µs',
                          target: 'baseline',
                      },
                  ];
        return [
            {
                name: 'tools/call validate_schema over HTTP /mcp (typical schema, 32 connections)',
                value: rps,
                unit: 'req/s',
                target: '>= 0.7× REST route',
                ratio: rps / restRps,
                baseline: 'POST /v1/schemas/validate',
            },
            {
                name: 'tools/call validate_schema p99 latency',
                value: mcpRun.latency.p99,
                unit: 'ms',
                target: 'reported',
                ratio: mcpRun.latency.p99 / Math.max(restRun.latency.p99, 0.001),
                baseline: 'POST /v1/schemas/validate',
            },
            { name: 'POST /v1/schemas/validate throughput (same server, same run)', value: restRps, unit: 'req/s', target: 'baseline' },
            ...cpuRows,
        ];
    } finally {
        server.proc.kill('SIGTERM');
        await new Promise((r) => server.proc.once('exit', r));
    }
}

/** User plus system CPU time of a process in µs (Linux /proc; undefined elsewhere). */
function cpuMicros(pid) {
    const path = `/proc/${pid}/stat`;
    if (!existsSync(path)) return undefined;
    const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000; // clock ticks of 10 ms (USER_HZ 100)
}

if (process.argv[1] === here) {
    const { printRows } = await import('./bench-table.mjs');
    printRows(await runMcpBench());
}
