// isSecretName is plain string tests for speed; the rules are easiest to read as the regular
// expression it replaced, kept here as the reference: on names built from the words the rules
// care about (in any case, numbered, joined by `_` or not), both must agree.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSecretName } from '../../src/run/secrets.js';

const REFERENCE = new RegExp(
  [
    String.raw`(?:^|_)(?:KEY|APIKEY|TOKEN|SECRET|CREDENTIALS?|PASS|PASSWD|PASSPHRASE|AUTH|PAT|DSN|COOKIE)(?:_?\d+)?$`,
    String.raw`_PWD(?:_?\d+)?$`,
    String.raw`PASSWORD|SECRET|PRIVATE_?KEY|ACCESS_?KEY|AUTH_?TOKEN|WEBHOOK|(?:^|_)AUTH_`,
    String.raw`(?:^|_)(?:DATABASE|DB|REDIS|MONGO(?:DB)?|POSTGRES(?:QL)?|PG|MYSQL|MARIADB|AMQP|RABBITMQ|KAFKA|ELASTIC(?:SEARCH)?)_?(?:URL|URI|DSN)$`,
  ].join('|'),
  'i',
);

const WORDS = ['KEY', 'API', 'APIKEY', 'TOKEN', 'TOKENIZERS', 'SECRET', 'CREDENTIAL', 'CREDENTIALS', 'PASS', 'PASSWD', 'PASSPHRASE', 'PASSWORD',
  'AUTH', 'OAUTH', 'PAT', 'PATH', 'DSN', 'COOKIE', 'PWD', 'OLD', 'PRIVATE', 'ACCESS', 'WEBHOOK', 'DATABASE', 'DB', 'MONGO', 'MONGODB', 'PG',
  'POSTGRESQL', 'ELASTIC', 'URL', 'URI', 'HOME', 'MY', 'X', '2', '10', '', '//registry.npmjs.org/:', 'key', 'Token', 'sock'];

const name = fc
  .tuple(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }), fc.array(fc.constantFrom('_', ''), { minLength: 5, maxLength: 5 }), fc.constantFrom('', '2', '_2', '_10', '_'))
  .map(([words, joins, end]) => words.map((word, index) => (index === 0 ? word : joins[index] + word)).join('') + end);

describe('isSecretName', () => {
  it('agrees with the reference expression on names made of the words its rules name', () => {
    fc.assert(fc.property(name, (candidate) => {
        expect(isSecretName(candidate), candidate).toBe(REFERENCE.test(candidate));
      }), { numRuns: 20_000 });
  });
  it('agrees on arbitrary strings', () => {
    fc.assert(fc.property(fc.string(), (candidate) => {
        expect(isSecretName(candidate), candidate).toBe(REFERENCE.test(candidate));
      }), { numRuns: 5_000 });
  });
});
