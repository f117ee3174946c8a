//! The hand's payment record: every chip movement with its payer, payee and rule, in a fixed array
//! (no allocation per hand). Accounts are seats or pots (pots by index, oldest first).

use std::fmt;

/// Where chips come from or go to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Account {
    Seat(u8),
    /// A pot by index, 0 = oldest; a payment to the index one past the newest forms a new pot.
    Pot(u16),
}

/// Why chips moved.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Antes forming a pot (the first hand, or after the only pot was taken).
    Ante,
    /// The dealer's ante of 5 to the most recent pot, every deal after the first.
    DealerAnte,
    AcePlaced,
    AceForced,
    AceLedClaim,
    QuinolaPlaced,
    /// The placed J♥ takes the most recent pot.
    QuinolaPot,
    QuinolaForced,
    QuinolaLedClaim,
    Remise,
    Party,
    EspagnoletteRepay,
    /// A failed espagnolette returns the pot it took.
    PotReturned,
    /// A reversis refunds the hand's payments.
    Refund,
    ReversisMade,
    /// A made reversis that played the J♥ in tricks 1–9 takes the most recent pot.
    ReversisPot,
    ReversisBroken,
}

impl Rule {
    /// The rule's name in records and observations.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Ante => "ante",
            Rule::DealerAnte => "dealer ante",
            Rule::AcePlaced => "ace placed",
            Rule::AceForced => "ace forced",
            Rule::AceLedClaim => "ace led (claim)",
            Rule::QuinolaPlaced => "quinola placed",
            Rule::QuinolaPot => "quinola takes the pot",
            Rule::QuinolaForced => "quinola forced",
            Rule::QuinolaLedClaim => "quinola led (claim)",
            Rule::Remise => "remise",
            Rule::Party => "party",
            Rule::EspagnoletteRepay => "espagnolette repaid",
            Rule::PotReturned => "pot returned",
            Rule::Refund => "refund (reversis)",
            Rule::ReversisMade => "reversis made",
            Rule::ReversisPot => "reversis takes the pot",
            Rule::ReversisBroken => "reversis broken",
        }
    }
}

/// One chip movement.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Payment {
    pub from: Account,
    pub to: Account,
    pub amount: i32,
    pub rule: Rule,
}

impl fmt::Display for Account {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Account::Seat(s) => write!(f, "seat {s}"),
            Account::Pot(i) => write!(f, "pot {}", i + 1),
        }
    }
}

impl fmt::Display for Payment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} -> {}: {} ({})",
            self.from,
            self.to,
            self.amount,
            self.rule.name()
        )
    }
}

/// Most payments one hand can make: antes 4, ace and J♥ payments 10 (with the pot and its new
/// antes), then either the party, claims and a failed espagnolette (under 15) or a reversis's
/// refunds and payments (under 20).
pub const MAX_PAYMENTS: usize = 64;

/// The payments of one hand, in order.
#[derive(Clone)]
pub struct PaymentLog {
    items: [Payment; MAX_PAYMENTS],
    len: u8,
}

impl Default for PaymentLog {
    fn default() -> Self {
        let none = Payment {
            from: Account::Seat(0),
            to: Account::Seat(0),
            amount: 0,
            rule: Rule::Ante,
        };
        PaymentLog {
            items: [none; MAX_PAYMENTS],
            len: 0,
        }
    }
}

impl fmt::Debug for PaymentLog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The payments made (the slots past them may hold an earlier hand's).
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PaymentLog {
    /// Appends a payment (bounded: a full log keeps its first `MAX_PAYMENTS`).
    pub fn push(&mut self, p: Payment) {
        debug_assert!((self.len as usize) < MAX_PAYMENTS, "payment log full");
        if (self.len as usize) < MAX_PAYMENTS {
            self.items[self.len as usize] = p;
            self.len += 1;
        }
    }
    /// Empties the record in place (the slots past the length are never read, so they are left).
    pub fn clear(&mut self) {
        self.len = 0;
    }
    /// Number of payments.
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The `k`-th payment (`k < len()`).
    pub fn get(&self, k: usize) -> Payment {
        self.items[..self.len as usize][k]
    }
    /// The payments in order.
    pub fn iter(&self) -> impl Iterator<Item = &Payment> {
        self.items[..self.len as usize].iter()
    }
}
