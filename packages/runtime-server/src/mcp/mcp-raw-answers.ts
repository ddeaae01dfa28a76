// The REST answers of one POST /mcp, kept as the JSON text the route (a worker thread) wrote
// (docs/mcp.md, "Batches"). The SDK's Server is handed a small stand-in object as each tool's
// structuredContent, and the answer's text is written in its place when the response is serialised,
// one response at a time as each call finishes: parsing every answer and writing the batch again as
// one value stalled the event loop (a 19-call batch answering 6.7 MB held /healthz for 86–146 ms).
import { randomBytes } from 'node:crypto';

const KEY = 'svc_raw';

export class RawAnswers {
    /** Random per POST: no text a client sends or makes the service write can name a stand-in. */
    private readonly token = randomBytes(18).toString('base64url');
    private readonly texts = new Map<string, string>();
    private readonly pattern = new RegExp(`\\{"${KEY}":"(${this.token}\\.\\d+)"\\}`, 'g');
    private next = 0;

    /** A stand-in for the JSON object whose text is `json`; `serialize` writes `json` where it stands. */
    hold(json: string): Record<string, unknown> {
        const id = `${this.token}.${this.next++}`;
        this.texts.set(id, json);
        return { [KEY]: id };
    }

    /** `message` as JSON text with each stand-in replaced by the text it holds (and forgotten). */
    serialize(message: unknown): string {
        const text = JSON.stringify(message);
        if (this.texts.size === 0) return text;
        return text.replace(this.pattern, (whole: string, id: string) => {
            const json = this.texts.get(id);
            if (json === undefined) return whole;
            this.texts.delete(id);
            return json;
        });
    }
}
