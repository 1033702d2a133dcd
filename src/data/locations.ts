/**
 * The four states served and their cities: district headquarters, municipal corporations,
 * municipalities and other notable towns of each state (post-2014 boundaries; Puducherry is
 * not included). Each list is sorted with localeCompare('en'); no city appears twice.
 * Forms and the server both read this file.
 */
export const STATES = ['Tamil Nadu', 'Andhra Pradesh', 'Karnataka', 'Telangana'] as const;
export type State = (typeof STATES)[number];

export const CITIES: Readonly<Record<State, readonly string[]>> = {
  'Tamil Nadu': [
    'Ambur', 'Arakkonam', 'Arani', 'Aranthangi', 'Arcot', 'Ariyalur', 'Aruppukottai', 'Attur',
    'Avadi', 'Bhavani', 'Bodinayakanur', 'Chengalpattu', 'Chennai', 'Cheyyar', 'Chidambaram',
    'Coimbatore', 'Coonoor', 'Cuddalore', 'Cumbum', 'Devakottai', 'Dharapuram', 'Dharmapuri',
    'Dindigul', 'Erode', 'Gobichettipalayam', 'Gudalur', 'Gudiyatham', 'Gummidipoondi', 'Hosur',
    'Jayankondam', 'Kadayanallur', 'Kallakurichi', 'Kanchipuram', 'Kangeyam', 'Kanyakumari',
    'Karaikudi', 'Karur', 'Kodaikanal', 'Kovilpatti', 'Krishnagiri', 'Kulithalai', 'Kumarapalayam',
    'Kumbakonam', 'Madurai', 'Mamallapuram', 'Manapparai', 'Mannargudi', 'Maraimalai Nagar',
    'Mayiladuthurai', 'Mettupalayam', 'Mettur', 'Nagapattinam', 'Nagercoil', 'Namakkal', 'Neyveli',
    'Oddanchatram', 'Ooty', 'Palani', 'Palladam', 'Panruti', 'Paramakudi', 'Pattukkottai',
    'Perambalur', 'Periyakulam', 'Perundurai', 'Pollachi', 'Ponneri', 'Pudukkottai', 'Rajapalayam',
    'Ramanathapuram', 'Rameswaram', 'Ranipet', 'Rasipuram', 'Salem', 'Sankarankovil',
    'Sathyamangalam', 'Sattur', 'Sirkazhi', 'Sivaganga', 'Sivakasi', 'Sriperumbudur',
    'Srivilliputhur', 'Tambaram', 'Tenkasi', 'Thanjavur', 'Theni', 'Thirumangalam', 'Thoothukudi',
    'Thuraiyur', 'Tindivanam', 'Tiruchendur', 'Tiruchengode', 'Tiruchirappalli', 'Tirunelveli',
    'Tirupathur', 'Tiruppur', 'Tiruttani', 'Tiruvallur', 'Tiruvannamalai', 'Tiruvarur',
    'Udumalaipettai', 'Ulundurpet', 'Valparai', 'Vandavasi', 'Vaniyambadi', 'Vedaranyam', 'Vellore',
    'Viluppuram', 'Virudhachalam', 'Virudhunagar',
  ],
  'Andhra Pradesh': [
    'Adoni', 'Amadalavalasa', 'Amalapuram', 'Amaravati', 'Anakapalli', 'Anantapur', 'Atmakur',
    'Badvel', 'Bapatla', 'Bhimavaram', 'Bobbili', 'Chilakaluripet', 'Chirala', 'Chittoor',
    'Dharmavaram', 'Dhone', 'Eluru', 'Giddalur', 'Gudivada', 'Gudur', 'Guntakal', 'Guntur',
    'Hindupur', 'Ichchapuram', 'Jaggayyapeta', 'Jammalamadugu', 'Jangareddygudem', 'Kadapa',
    'Kadiri', 'Kakinada', 'Kandukur', 'Kavali', 'Kovvur', 'Kuppam', 'Kurnool', 'Macherla',
    'Machilipatnam', 'Madanapalle', 'Mandapeta', 'Mangalagiri', 'Markapur', 'Nagari', 'Nandigama',
    'Nandyal', 'Narasapuram', 'Narasaraopet', 'Narsipatnam', 'Nellore', 'Nuzvid', 'Ongole',
    'Paderu', 'Palakollu', 'Palamaner', 'Palasa', 'Parvathipuram', 'Peddapuram', 'Piduguralla',
    'Pithapuram', 'Ponnur', 'Proddatur', 'Pulivendula', 'Punganur', 'Puttaparthi',
    'Rajamahendravaram', 'Rajampet', 'Rayachoti', 'Rayadurg', 'Salur', 'Samalkot', 'Sattenapalle',
    'Srikakulam', 'Srikalahasti', 'Tadepalli', 'Tadepalligudem', 'Tadipatri', 'Tanuku', 'Tenali',
    'Tirupati', 'Tuni', 'Venkatagiri', 'Vijayawada', 'Vinukonda', 'Visakhapatnam', 'Vizianagaram',
    'Yemmiganur',
  ],
  Karnataka: [
    'Arsikere', 'Athani', 'Badami', 'Bagalkot', 'Bailhongal', 'Ballari', 'Bangarapet', 'Bantwal',
    'Basavakalyan', 'Belagavi', 'Bengaluru', 'Bhadravati', 'Bhalki', 'Bhatkal', 'Bidar',
    'Challakere', 'Chamarajanagar', 'Channapatna', 'Channarayapatna', 'Chikkaballapur',
    'Chikkamagaluru', 'Chikkodi', 'Chintamani', 'Chitradurga', 'Dandeli', 'Davanagere', 'Dharwad',
    'Doddaballapura', 'Gadag', 'Gangavathi', 'Gauribidanur', 'Gokak', 'Harihar', 'Hassan', 'Haveri',
    'Hiriyur', 'Hosapete', 'Hoskote', 'Hubballi', 'Humnabad', 'Hunsur', 'Ilkal', 'Jamkhandi',
    'Kalaburagi', 'Kanakapura', 'Karkala', 'Karwar', 'Kolar', 'Kolar Gold Fields', 'Kollegal',
    'Koppal', 'Kundapura', 'Maddur', 'Madhugiri', 'Madikeri', 'Mandya', 'Mangaluru', 'Mudhol',
    'Mysuru', 'Nanjangud', 'Nelamangala', 'Nipani', 'Puttur', 'Raichur', 'Ramanagara', 'Ranebennur',
    'Sagar', 'Shikaripura', 'Shivamogga', 'Shorapur', 'Sindhanur', 'Sira', 'Sirsi', 'Srirangapatna',
    'Tiptur', 'Tumakuru', 'Udupi', 'Ullal', 'Vijayapura', 'Yadgir',
  ],
  Telangana: [
    'Adilabad', 'Asifabad', 'Bhadrachalam', 'Bhongir', 'Bhupalpally', 'Bodhan', 'Gadwal',
    'Hanamkonda', 'Hyderabad', 'Jagtial', 'Jangaon', 'Kamareddy', 'Karimnagar', 'Khammam', 'Kodad',
    'Kothagudem', 'Mahabubabad', 'Mahabubnagar', 'Mancherial', 'Medak', 'Medchal', 'Miryalaguda',
    'Mulugu', 'Nagarkurnool', 'Nalgonda', 'Narayanpet', 'Nirmal', 'Nizamabad', 'Palwancha',
    'Peddapalli', 'Ramagundam', 'Sangareddy', 'Secunderabad', 'Siddipet', 'Sircilla', 'Suryapet',
    'Vikarabad', 'Wanaparthy', 'Warangal', 'Zaheerabad',
  ],
};

export const citiesOf = (state: string): readonly string[] =>
  (STATES as readonly string[]).includes(state) ? CITIES[state as State] : [];
export const isCityOf = (state: string, city: string): boolean => citiesOf(state).includes(city);
