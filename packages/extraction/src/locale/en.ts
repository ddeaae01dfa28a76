// English, as contracts, agreements and receipts write it.
import type { LocaleProfile } from './locale-types.js';
import { noCompounds, suffixStemmer } from './locale-stemming.js';

export const en = {
    code: 'en' as const,
    name: 'English',
    borrows: [],
    numbers: { group: ',', decimal: '.', bareFraction: true, dashCents: false },
    numericDates: 'mdy-then-dmy',
    months: [
        ['january', 'jan'], ['february', 'feb', 'febr'], ['march', 'mar'], ['april', 'apr'], ['may'], ['june', 'jun'],
        ['july', 'jul'], ['august', 'aug'], ['september', 'sept', 'sep'], ['october', 'oct'], ['november', 'nov'], ['december', 'dec'],
    ],
    fullShortMonths: ['may', 'june', 'july', 'april'],
    weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'mon', 'tue', 'tues', 'wed', 'thu', 'thur', 'thurs', 'fri', 'sat', 'sun'],
    ordinals: ['st', 'nd', 'rd', 'th'],
    dateWords: { the: ['the'], day: ['day'], of: ['of'] },
    timeWords: { at: ['at', '@'], after: ['h', 'hrs'] },
    numberWords: {
        units: {
            zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
            thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
        },
        tens: { twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 },
        hundred: 'hundred',
        style: 'spaced',
        joiners: ['and'],
    },
    one: ['a', 'an'],
    durationUnits: {
        second: ['seconds', 'second', 'secs', 'sec'],
        minute: ['minutes', 'minute', 'mins', 'min'],
        hour: ['hours', 'hour', 'hrs'],
        day: ['days', 'day'],
        week: ['weeks', 'week'],
        month: ['months', 'month'],
        year: ['years', 'year'],
    },
    durationQualifiers: ['calendar', 'consecutive', 'full', 'additional', 'successive'],
    booleans: { true: ['yes', 'true', 'y'], false: ['no', 'false', 'n'] },
    stopwords: [
        'the', 'a', 'an', 'of', 'to', 'in', 'for', 'and', 'or', 'that', 'which', 'is', 'was', 'be', 'by', 'with', 'on', 'at', 'as', 'from',
        'this', 'its', 'it', 'their', 'each', 'any', 'whose', 'are', 'has', 'have', 'been', 'who', 'what', 'needed', 'name', 'names',
    ],
    connectors: ['of', 'and', '&', 'de', 'du', 'la', 'le', 'y', 'del', 'von'],
    functionWords: ['this', 'the', 'such', 'each', 'any', 'all', 'these', 'those', 'that', 'a', 'an', 'no', 'in', 'if', 'it', 'its', 'both', 'either', 'neither', 'said'],
    listJoiners: ['and', '&'],
    sums: {
        sum: ['total', 'totals', 'amount', 'amt', 'sum'],
        paid: ['paid', 'payable'],
        partial: [
            'sub', 'subtotal', 'excl', 'excluding', 'exclusive', 'exc', 'ex', 'before', 'exempt', 'qty', 'quantity', 'quantities', 'item', 'items',
            'pcs', 'units', 'disc', 'discount', 'discounts', 'saving', 'savings', 'tax', 'gst', 'vat', 'sst', 'service', 'svc', 'change', 'tendered',
            'weight', 'points', 'zero', 'rated', 'exvat',
        ],
        final: ['grand', 'net', 'nett', 'rounded', 'round', 'final', 'due', 'payable', 'pay', 'paid', 'incl', 'inclusive', 'including', 'inc', 'after'],
        tender: ['cash', 'tendered', 'tender', 'paid', 'payment'],
        change: ['change'],
    },
    issuerWords: ['company', 'business', 'shop', 'store', 'merchant', 'vendor', 'seller', 'supplier', 'issuer', 'organisation', 'organization', 'firm', 'restaurant'],
    stem: suffixStemmer(['ations', 'ation', 'ating', 'ated', 'ates', 'ate', 'ments', 'ment', 'ings', 'ing', 'ions', 'ion', 'als', 'al', 'ies', 'ed', 'es', 's', 'e', 'y'], [['number', 'no']]),
    splitCompound: noCompounds,
} satisfies LocaleProfile;
