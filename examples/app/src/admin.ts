// Back-office calls: the security problems urilint's recommended config catches.

export async function exportOrders(): Promise<Blob> {
  // planted: a password written into the URL
  const response = await fetch('https://admin:hunter2@reports.acme-shop.com/orders.csv');
  return response.blob();
}

export async function metrics(): Promise<unknown> {
  // planted: a user name that looks like a host (the request goes to 10.0.0.1)
  const response = await fetch('https://metrics.example.com&view=all@10.0.0.1/dashboard');
  return response.json();
}

export async function health(): Promise<boolean> {
  // planted: a loopback address in a rare form (0x7f.1 is 127.0.0.1)
  const response = await fetch('http://0x7f.1:8080/health');
  return response.ok;
}

export async function inventory(): Promise<unknown> {
  // planted: an abbreviated URL in fetch (a relative path on the current origin)
  const response = await fetch('api.example.com/v2/inventory');
  return response.json();
}

export function logout(): void {
  // planted: a javascript: URL assigned to location
  location.href = 'javascript:void(document.cookie="session=")';
}
