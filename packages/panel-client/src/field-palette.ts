// The look of each field's highlights and swatch in the playground (panel.css): 8 background colours,
// and past them a second channel, the underline's style (solid, dashed, dotted, double), so the 32
// fields a schema may have all look different (colours alone repeated after 8).
export const COLOURS = 8;
export const UNDERLINES = 4;

/** The classes of the field at `index` in the schema. */
export function fieldStyle(index: number): string {
    return `c${index % COLOURS} u${Math.floor(index / COLOURS) % UNDERLINES}`;
}
