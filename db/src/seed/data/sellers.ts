/** Demo sellers: private individuals and professionals (a company name), in several countries. */
export interface DemoSeller {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  phone: string;
  country: string;
  company?: string;
  /** A dealer who pays for featured listings: the demo's featured listings are theirs (and a few an administrator featured). */
  featured?: true;
}

/** The password of every demo seller, printed in the README: these accounts exist only in demo data. */
export const DEMO_PASSWORD = 'demo-seller-2026';

export const DEMO_SELLERS: DemoSeller[] = [
  { email: 'claire.martin@demo.autoroute.local', username: 'claire.martin', firstName: 'Claire', lastName: 'Martin', phone: '+33612345678', country: 'FR' },
  { email: 'garage.lefevre@demo.autoroute.local', username: 'garage.lefevre', firstName: 'Julien', lastName: 'Lefèvre', phone: '+33478123456', country: 'FR', company: 'Garage Lefèvre Automobiles', featured: true },
  { email: 'location.azur@demo.autoroute.local', username: 'location.azur', firstName: 'Sophie', lastName: 'Bernard', phone: '+33493123456', country: 'FR', company: 'Azur Location' },
  { email: 'lukas.becker@demo.autoroute.local', username: 'lukas.becker', firstName: 'Lukas', lastName: 'Becker', phone: '+4915112345678', country: 'DE' },
  { email: 'autohaus.schmidt@demo.autoroute.local', username: 'autohaus.schmidt', firstName: 'Anna', lastName: 'Schmidt', phone: '+49891234567', country: 'DE', company: 'Autohaus Schmidt', featured: true },
  { email: 'lucia.garcia@demo.autoroute.local', username: 'lucia.garcia', firstName: 'Lucía', lastName: 'García', phone: '+34612345678', country: 'ES' },
  { email: 'motor.iberica@demo.autoroute.local', username: 'motor.iberica', firstName: 'Javier', lastName: 'López', phone: '+34911234567', country: 'ES', company: 'Motor Ibérica' },
  { email: 'marco.rossi@demo.autoroute.local', username: 'marco.rossi', firstName: 'Marco', lastName: 'Rossi', phone: '+393471234567', country: 'IT' },
  { email: 'emma.peeters@demo.autoroute.local', username: 'emma.peeters', firstName: 'Emma', lastName: 'Peeters', phone: '+32471123456', country: 'BE' },
  { email: 'oliver.smith@demo.autoroute.local', username: 'oliver.smith', firstName: 'Oliver', lastName: 'Smith', phone: '+447700900123', country: 'GB' },
  { email: 'thames.motors@demo.autoroute.local', username: 'thames.motors', firstName: 'Grace', lastName: 'Taylor', phone: '+442079460123', country: 'GB', company: 'Thames Motors' },
  { email: 'noah.muller@demo.autoroute.local', username: 'noah.muller', firstName: 'Noah', lastName: 'Müller', phone: '+41791234567', country: 'CH' },
  { email: 'james.walker@demo.autoroute.local', username: 'james.walker', firstName: 'James', lastName: 'Walker', phone: '+14155550123', country: 'US' },
  { email: 'bayside.auto@demo.autoroute.local', username: 'bayside.auto', firstName: 'Maria', lastName: 'Hernandez', phone: '+13105550123', country: 'US', company: 'Bayside Auto Group' },
  { email: 'youssef.alami@demo.autoroute.local', username: 'youssef.alami', firstName: 'Youssef', lastName: 'Alami', phone: '+212612345678', country: 'MA' },
  { email: 'gulf.cars@demo.autoroute.local', username: 'gulf.cars', firstName: 'Omar', lastName: 'Al Mansouri', phone: '+971501234567', country: 'AE', company: 'Gulf Premium Cars', featured: true },
  { email: 'fatima.alharbi@demo.autoroute.local', username: 'fatima.alharbi', firstName: 'Fatima', lastName: 'Al-Harbi', phone: '+966501234567', country: 'SA' },
  { email: 'rafael.souza@demo.autoroute.local', username: 'rafael.souza', firstName: 'Rafael', lastName: 'Souza', phone: '+5511912345678', country: 'BR' },
  { email: 'sao.paulo.veiculos@demo.autoroute.local', username: 'sp.veiculos', firstName: 'Beatriz', lastName: 'Lima', phone: '+551130123456', country: 'BR', company: 'São Paulo Veículos' },
  { email: 'chloe.tremblay@demo.autoroute.local', username: 'chloe.tremblay', firstName: 'Chloé', lastName: 'Tremblay', phone: '+15145550123', country: 'CA' },
];
