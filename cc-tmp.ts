import { isValidCreditCode } from './packages/shared/src/portal.ts';
console.log(isValidCreditCode('91442000MA4UXXXX0X'), isValidCreditCode('91350100M000100Y44'), isValidCreditCode('91350100M000100Y43'));
