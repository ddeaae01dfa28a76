// Text from a schema shown in Markdown (hovers): a description or name is the user's text, not
// markup, so a schema someone else wrote cannot put a live link or an image (a beacon that
// reveals the reader's address when the client fetches it) into a hover. VS Code renders hovers
// with marked in GFM mode, which links a bare "https://…" too: the colon is escaped as well.

/** `text` as literal Markdown: every character Markdown could read as markup escaped (a line break reads as a space). */
export function markdownText(text: string): string {
    return text.replace(/[\\`*_{}[\]()<>#+\-.!|~&:]/g, '\\$&');
}

/**
 * `text` as an inline code span: fenced by a run of backticks longer than any inside it, padded
 * with a space when it starts or ends with one (CommonMark); line breaks read as spaces.
 */
export function codeSpan(text: string): string {
    const flat = text.replace(/\r\n?|\n/g, ' ');
    const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(longest + 1);
    const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
    return `${fence}${pad}${flat}${pad}${fence}`;
}
