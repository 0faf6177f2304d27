import type { MetadataStorage as TransformerMetadata } from 'class-transformer/types/MetadataStorage';
import {
  getMetadataStorage,
  IS_NUMBER,
  ValidationTypes,
  type IsNumberOptions,
  type ValidationArguments,
} from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { isNumberCompiled } from './is-number-compiled';

// class-transformer's @Type records (which class a nested object is), as plainToInstance reads
// them: the package exports its storage only by path.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: TransformerMetadata;
};

/** Whether a value passes: the question a fact's schema answers before any message is made. */
export type Passes = (value: unknown) => boolean;

interface Check {
  property: string;
  /** IsOptional: the property is left alone when null or undefined. */
  conditions: Array<(object: object, value: unknown) => boolean>;
  /** Each decorator's test, over every item when `each` and the value is a collection. */
  tests: Array<{ each: boolean; test: (value: unknown, args: ValidationArguments) => boolean }>;
  args: ValidationArguments[];
  /** ValidateNested: the class each nested object is (its @Type), validated as it is. */
  nested?: { of: () => Passes | undefined };
}

type Ctor = new () => object;

const compiled = new Map<Ctor, Passes>();

const isCollection = (v: unknown): v is unknown[] | Set<unknown> | Map<unknown, unknown> =>
  Array.isArray(v) || v instanceof Set || v instanceof Map;
const itemsOf = (v: unknown[] | Set<unknown> | Map<unknown, unknown>): unknown[] =>
  Array.isArray(v) ? v : [...v.values()];

/**
 * A class-validator class compiled once into a plain test: the class's decorators read once
 * from class-validator's metadata, each property's tests (the decorators' own functions) run
 * directly on the plain data, nested classes found by their @Type. It answers only whether the
 * data passes, with the options classSchema validates by (whitelist, forbidNonWhitelisted,
 * unknown values forbidden); a refusal's messages are class-validator's own (classSchema runs
 * it when this says no). Reflection per fact was most of the cost of validating a ledger.
 */
export function compiledSchema(cls: Ctor): Passes {
  let passes = compiled.get(cls);
  // A nested class is compiled when first met (`Check.nested`), so a class nested in itself is.
  if (!passes) compiled.set(cls, (passes = compile(cls)));
  return passes;
}

function compile(cls: Ctor): Passes {
  const storage = getMetadataStorage();
  const metadatas = storage.getTargetValidationMetadatas(cls, '', false, false);
  const grouped = storage.groupByPropertyName(metadatas);
  const checks = Object.entries(grouped).map(([property, ms]) => checkOf(cls, property, ms));
  const known = new Set(Object.keys(grouped).filter((p) => grouped[p]!.length > 0));
  // No decorator at all: class-validator refuses the value as unknown.
  if (metadatas.length === 0) return () => false;
  return (value) => {
    if (typeof value !== 'object' || value === null || isCollection(value)) return false;
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) if (!known.has(key)) return false;
    return checks.every((c) => passesCheck(c, object));
  };
}

function checkOf(cls: Ctor, property: string, ms: ValidationMetadata[]): Check {
  const storage = getMetadataStorage();
  const check: Check = { property, conditions: [], tests: [], args: [] };
  for (const m of ms) {
    if (m.type === ValidationTypes.CONDITIONAL_VALIDATION) {
      check.conditions.push(m.constraints[0] as Check['conditions'][number]);
    } else if (
      m.type === ValidationTypes.CUSTOM_VALIDATION ||
      m.type === ValidationTypes.IS_DEFINED
    ) {
      if (m.validateIf) throw new Error(`${cls.name}.${property}: validateIf is not compiled`);
      for (const c of storage.getTargetValidatorConstraints(m.constraintCls)) {
        if (c.async) throw new Error(`${cls.name}.${property}: an async check is not compiled`);
        const instance = c.instance as { validate(v: unknown, a: ValidationArguments): unknown };
        // IsNumber's decimal places are counted through a string; made once for its options.
        const isNumberTest =
          m.name === IS_NUMBER
            ? isNumberCompiled(m.constraints?.[0] as IsNumberOptions)
            : undefined;
        check.tests.push({
          each: m.each === true,
          test: isNumberTest ?? ((v, a) => instance.validate(v, a) === true),
        });
        check.args.push({
          targetName: cls.name,
          property,
          object: {},
          value: undefined,
          constraints: m.constraints,
        });
      }
    } else if (m.type === ValidationTypes.NESTED_VALIDATION) {
      const type = defaultMetadataStorage.findTypeMetadata(cls, property);
      check.nested = {
        of: () => {
          const t = type?.typeFunction() as Ctor | undefined;
          return t ? compiledSchema(t) : undefined;
        },
      };
    } else if (m.type !== ValidationTypes.WHITELIST) {
      throw new Error(`${cls.name}.${property}: ${m.type} is not compiled`);
    }
  }
  return check;
}

function passesCheck(c: Check, object: Record<string, unknown>): boolean {
  const value = object[c.property];
  for (const condition of c.conditions) if (!condition(object, value)) return true;
  for (let i = 0; i < c.tests.length; i++) {
    const { each, test } = c.tests[i]!;
    // The arguments made when compiled, told this object and value: a test reads them only
    // while it runs, so one object a check serves every fact.
    const args = c.args[i]!;
    args.object = object;
    args.value = value;
    if (each && isCollection(value)) {
      if (!itemsOf(value).every((item) => test(item, args))) return false;
    } else if (!test(value, args)) return false;
  }
  return c.nested ? passesNested(value, c.nested.of) : true;
}

/** As class-validator's nested validation: undefined passes, a collection item by item. */
function passesNested(value: unknown, of: () => Passes | undefined): boolean {
  if (value === undefined) return true;
  if (isCollection(value)) return itemsOf(value).every((item) => passesNested(item, of));
  if (typeof value !== 'object' || value === null) return false;
  // class-transformer makes a nested object an instance of its @Type; without one it stays a
  // plain object, which class-validator refuses as an unknown value.
  const passes = of();
  return passes ? passes(value) : false;
}
