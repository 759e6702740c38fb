/**
 * Keys that, used as a property name while building an object from request data, reach
 * `Object.prototype` (`a.__proto__.x = 1`, `a.constructor.prototype.x = 1`) instead of the object.
 * Query strings, form bodies and deepObject parameters come from clients: such keys are dropped
 * there, as qs already drops `__proto__`.
 */
const UNSAFE: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

export const isUnsafeKey = (key: string): boolean => UNSAFE.has(key)
