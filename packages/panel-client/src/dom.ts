// A tiny element builder: children are nodes or strings, and strings always become text nodes, so
// nothing built with it can be interpreted as markup.
export function el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    attrs: Record<string, string | boolean> = {},
    ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) {
        if (value === false) continue;
        node.setAttribute(name, value === true ? '' : value);
    }
    node.append(...children);
    return node;
}

export function clear(node: Element): void {
    node.replaceChildren();
}
