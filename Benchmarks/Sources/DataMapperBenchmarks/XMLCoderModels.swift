import Foundation

// Partial Codable models of the XML corpus documents for XMLCoder's decoder: a few
// fields per object, as a typical app reads. XMLCoder still parses the whole document.

/// `twitter.xml`: the statuses and the search metadata.
struct TwitterXML: Decodable {
    struct Status: Decodable {
        struct User: Decodable {
            let id: Int64
            let screen_name: String
            let followers_count: Int
        }

        let id: Int64
        let text: String
        let retweet_count: Int
        let user: User
    }

    struct SearchMetadata: Decodable {
        let count: Int
        let query: String
    }

    let statuses: [Status]
    let search_metadata: SearchMetadata
}

/// `citm_catalog.xml`: the performances with their prices.
struct CitmXML: Decodable {
    struct Performance: Decodable {
        struct SeatCategory: Decodable {
            let seatCategoryId: Int
        }

        let id: Int
        let eventId: Int
        let start: Int64
        let venueCode: String
        let seatCategories: [SeatCategory]
    }

    let performances: [Performance]
    let venueNames: [String: String]
}

/// `canada.xml`: the features and their coordinate rings.
struct CanadaXML: Decodable {
    struct Feature: Decodable {
        struct Geometry: Decodable {
            struct Ring: Decodable {
                struct Point: Decodable {
                    let item: [Double]
                }

                let item: [Point]
            }

            let type: String
            let coordinates: [Ring]
        }

        let type: String
        let geometry: Geometry
    }

    let type: String
    let features: Feature
}
