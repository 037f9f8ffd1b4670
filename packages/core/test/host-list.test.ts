import { describe, expect, it } from 'vitest';
import { hostListOf } from '../src/index.js';

describe('hostListOf', () => {
  it('reads the seed list of a MongoDB connection string and libpq host lists', () => {
    expect(hostListOf('mongodb', 'db1.acme.io:27017,db2.acme.io:27018,db3.acme.io')).toEqual([
      { host: 'db1.acme.io', port: '27017' },
      { host: 'db2.acme.io', port: '27018' },
      { host: 'db3.acme.io' },
    ]);
    expect(hostListOf('PostgreSQL', '[2001:db8::1]:5432,db2:5433')).toEqual([
      { host: '[2001:db8::1]', port: '5432' },
      { host: 'db2', port: '5433' },
    ]);
  });

  it('is undefined for one host, for a scheme without host lists, and for text that is no list', () => {
    expect(hostListOf('mongodb', 'db1.acme.io:27017')).toBeUndefined();
    expect(hostListOf('http', 'a.acme.io:80,b.acme.io:80')).toBeUndefined();
    expect(hostListOf('mongodb', 'a:1:2,b')).toEqual([{ host: 'a', port: '1:2' }, { host: 'b' }]);
    expect(hostListOf('mongodb', 'a[,b')).toBeUndefined();
  });
});
