// Words for JSON kinds in E-SCHEMA-TYPE messages.
import type { JsonNode } from '../json/json-types.js';

export function kindName(node: JsonNode): string {
    switch (node.kind) {
        case 'object':
            return 'an object';
        case 'array':
            return 'an array';
        case 'string':
            return 'a string';
        case 'number':
            return 'a number';
        case 'boolean':
            return 'a boolean';
        case 'null':
            return 'null';
    }
}
