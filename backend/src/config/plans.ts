/** The plans live in the workspace package the browser also imports (one table, see packages/shared). */
export * from '@tzapi/shared/plans';
