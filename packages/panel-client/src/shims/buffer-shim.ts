// The part of Node's Buffer the compiler uses (UTF-8 lengths and bytes), for the browser bundle.
const encoder = new TextEncoder();

export const Buffer = {
    byteLength(text: string): number {
        let n = 0;
        for (let i = 0; i < text.length; i++) {
            const c = text.charCodeAt(i);
            if (c < 0x80) n += 1;
            else if (c < 0x800) n += 2;
            else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
                n += 4;
                i++;
            } else n += 3;
        }
        return n;
    },
    from(text: string): Uint8Array {
        return encoder.encode(text);
    },
};
