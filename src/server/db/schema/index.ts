export * from './auth';
export * from './branches';
export * from './categories';
export * from './hr';
export * from './platform';
export * from './catalogue';
export * from './treatments';
export * from './customers';
